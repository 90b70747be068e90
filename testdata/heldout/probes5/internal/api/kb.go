package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"example.com/desk5/internal/service/kb"
)

func (s *Server) createArticle(c *gin.Context) {
	var in kb.ArticleInput
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	art, err := s.KB.CreateArticle(c, actorFrom(c), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, art)
}

func (s *Server) ensureCategory(c *gin.Context) {
	var body struct {
		Name string `json:"name"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	cat, err := s.KB.EnsureCategory(c, actorFrom(c), body.Name)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, cat)
}

func (s *Server) voteHelpful(c *gin.Context) {
	wsID, ok := int64Param(c, "workspaceID")
	if !ok {
		return
	}
	id, ok := int64Param(c, "articleID")
	if !ok {
		return
	}
	n, err := s.KB.VoteHelpful(c, wsID, id)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"helpful": n})
}

func (s *Server) recordView(c *gin.Context) {
	wsID, ok := int64Param(c, "workspaceID")
	if !ok {
		return
	}
	id, ok := int64Param(c, "articleID")
	if !ok {
		return
	}
	if err := s.KB.RecordView(c, wsID, id); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
