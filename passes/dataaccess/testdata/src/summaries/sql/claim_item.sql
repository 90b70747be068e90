-- Claims the item once.
INSERT INTO items (guid) VALUES ($1)
ON CONFLICT (guid) DO NOTHING;
