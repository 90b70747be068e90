INSERT INTO items (guid) VALUES ($1);
