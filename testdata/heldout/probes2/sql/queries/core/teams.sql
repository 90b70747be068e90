-- name: CreateTeam :one
INSERT INTO teams (slug, name, owner_id, member_count)
VALUES ($1, $2, $3, 1)
RETURNING id, slug, name, owner_id, member_count, created_at;

-- name: GetTeamBySlug :one
SELECT id, slug, name, owner_id, member_count, created_at FROM teams
WHERE slug = $1 LIMIT 1;
