SELECT table_to_xml('rag.queries', true, false, '')
