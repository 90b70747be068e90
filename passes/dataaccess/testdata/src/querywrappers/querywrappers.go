// Package querywrappers: a call of a query wrapper is the statement its
// caller passes.
package querywrappers

import "querywrappers/dbx"

func calls(trx *dbx.Trx, postID, tagID int64, dynamic string) {
	trx.Exists("SELECT 1 FROM post_tags WHERE post_id = $1 AND tag_id = $2", postID, tagID)                      // want `exists posttag tx`
	trx.Execute("INSERT INTO post_tags (post_id, tag_id) VALUES ($1, $2)", postID, tagID)                        // want `insert posttag tx`
	trx.Execute("INSERT INTO post_tags (post_id, tag_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", postID, tagID) // want `conditional insert posttag tx`
	var id int64
	trx.Get(&id, "SELECT id FROM users WHERE email = $1", dynamic)           // want `read user tx`
	dbx.Run(trx, "UPDATE posts SET votes = votes + 1 WHERE id = $1", postID) // want `update post unknown`
	trx.Touch("INSERT INTO audit", postID)                                   // want `update session tx`
	// Near miss: the text is not visible here, and this function is no
	// wrapper its callers can see through (dynamic is not its text).
	trx.Execute(dynamic + "x")
}
