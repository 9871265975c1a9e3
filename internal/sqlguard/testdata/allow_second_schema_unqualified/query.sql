SELECT day, revenue FROM daily_sales
