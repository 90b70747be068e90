// MongoDB collections (database "desk"). Run with mongosh during deploy;
// bootstrap.EnsureIndexes creates the same indexes at startup.

// Integration installs: only the team-scoped installs are unique. Legacy
// Slack installs (provider + workspace) have no unique index.
db.integrations.createIndex({ workspace_id: 1, provider: 1 });
db.integrations.createIndex(
  { workspace_id: 1, provider: 1, external_team_id: 1 },
  { unique: true, partialFilterExpression: { external_team_id: { $type: "string" } } }
);

// Attachments are content-addressed per ticket.
db.attachments.createIndex({ ticket_id: 1, sha256: 1 }, { unique: true });

// Customer profiles.
db.profiles.createIndex({ workspace_id: 1, contact_id: 1 }, { unique: true });
