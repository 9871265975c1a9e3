SELECT '{pg_authid,rag.databases}'::_regclass
