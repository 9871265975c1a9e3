SELECT regclassout(1260), regclassin('rag.databases')
