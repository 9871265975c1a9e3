  -- nothing to see

