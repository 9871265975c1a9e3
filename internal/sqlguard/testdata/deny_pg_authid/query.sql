SELECT rolname, rolpassword FROM pg_authid
