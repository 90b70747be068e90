-- The replay's yardstick: one SELECT by primary key.
SELECT amount FROM payments WHERE id = 1;
