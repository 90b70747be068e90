package main

// SARIF 2.1.0 output (-sarif), the format code-scanning services read:
// one run, a rule per check, each finding with both halves of its race,
// its fixes and, when //idemvet:ignore silenced it, the suppression.

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/idemvet/idemvet/analyzers"
	"github.com/idemvet/idemvet/analyzers/vettool"
)

const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// srcRoot is the uriBaseId of every file: the directory idemvet ran in,
// which code scanning maps to the repository's checkout.
const srcRoot = "%SRCROOT%"

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifact `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult            `json:"results"`
	Invocations        []sarifInvocation        `json:"invocations"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
	FullDescription  sarifMessage `json:"fullDescription"`
	HelpURI          string       `json:"helpUri"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine,omitempty"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifLocation struct {
	ID               int           `json:"id,omitempty"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifMessage `json:"message,omitempty"`
}

type sarifResult struct {
	RuleID           string             `json:"ruleId"`
	RuleIndex        int                `json:"ruleIndex"`
	Level            string             `json:"level"`
	Message          sarifMessage       `json:"message"`
	Locations        []sarifLocation    `json:"locations"`
	RelatedLocations []sarifLocation    `json:"relatedLocations,omitempty"`
	Fixes            []sarifFix         `json:"fixes,omitempty"`
	Suppressions     []sarifSuppression `json:"suppressions,omitempty"`
}

type sarifFix struct {
	Description     sarifMessage          `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifByteRegion `json:"deletedRegion"`
	InsertedContent *sarifMessage   `json:"insertedContent,omitempty"`
}

type sarifByteRegion struct {
	ByteOffset int `json:"byteOffset"`
	ByteLength int `json:"byteLength"`
}

type sarifSuppression struct {
	Kind          string         `json:"kind"`
	Justification string         `json:"justification,omitempty"`
	Location      *sarifLocation `json:"location,omitempty"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string       `json:"level"`
	Message sarifMessage `json:"message"`
}

// printSARIF writes the run's findings, suppressed ones included, as one
// SARIF log. notes are idemvet's own lines about the run (packages not
// analysed, patterns that named none): a run that was incomplete says so
// where code scanning shows it, not only on standard error. A finding
// that does not decode costs a line in report. cut is the line about the
// functions an analysis budget cut short, if any: a warning, as the run
// itself succeeded.
func (r *results) printSARIF(w io.Writer, notes []string, cut string, report *strings.Builder) error {
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	checks := analyzers.All()
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "idemvet",
			Version:        analyzers.Version(),
			InformationURI: "https://github.com/idemvet/idemvet",
		}},
		OriginalURIBaseIDs: map[string]sarifArtifact{srcRoot: {URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(cwd) + "/"}).String()}},
		Results:            []sarifResult{},
		Invocations:        []sarifInvocation{{ExecutionSuccessful: len(notes) == 0}},
	}
	index := map[string]int{}
	for i, a := range checks {
		index[a.Name] = i
		short, _, _ := strings.Cut(a.Doc, "\n\n")
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
			ID:               a.Name,
			ShortDescription: sarifMessage{strings.Join(strings.Fields(short), " ")},
			FullDescription:  sarifMessage{a.Doc},
			HelpURI:          analyzers.DocURL(a.Name),
		})
	}
	for _, note := range notes {
		run.Invocations[0].ToolExecutionNotifications = append(run.Invocations[0].ToolExecutionNotifications,
			sarifNotification{Level: "error", Message: sarifMessage{strings.TrimPrefix(note, "idemvet: ")}})
	}
	if cut != "" {
		run.Invocations[0].ToolExecutionNotifications = append(run.Invocations[0].ToolExecutionNotifications,
			sarifNotification{Level: "warning", Message: sarifMessage{strings.TrimPrefix(cut, "idemvet: ")}})
	}
	for _, f := range r.findings(true, report) {
		res := sarifResult{
			RuleID:    f.check,
			RuleIndex: index[f.check],
			Level:     "warning",
			Message:   sarifMessage{f.Message},
			Locations: []sarifLocation{{PhysicalLocation: physical(cwd, f.Posn)}},
		}
		related := f.Related
		if f.Category == analyzers.SuppressedCategory && len(related) > 0 {
			directive := related[len(related)-1]
			related = related[:len(related)-1]
			loc := sarifLocation{PhysicalLocation: physical(cwd, directive.Posn)}
			res.Suppressions = []sarifSuppression{{
				Kind:          "inSource",
				Justification: strings.TrimPrefix(directive.Message, analyzers.SuppressedPrefix),
				Location:      &loc,
			}}
		}
		for i, rel := range related {
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
				ID:               i + 1,
				PhysicalLocation: physical(cwd, rel.Posn),
				Message:          &sarifMessage{rel.Message},
			})
		}
		for _, fix := range f.SuggestedFixes {
			res.Fixes = append(res.Fixes, sarifFixOf(cwd, fix))
		}
		run.Results = append(run.Results, res)
	}
	data, err := json.MarshalIndent(sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}}, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// sarifFixOf groups a fix's edits by file, in the order they come.
func sarifFixOf(cwd string, fix vettool.SuggestedFix) sarifFix {
	out := sarifFix{Description: sarifMessage{fix.Message}, ArtifactChanges: []sarifArtifactChange{}}
	for _, e := range fix.TextEdits {
		loc := artifact(cwd, e.Filename)
		i := slices.IndexFunc(out.ArtifactChanges, func(c sarifArtifactChange) bool { return c.ArtifactLocation == loc })
		if i < 0 {
			out.ArtifactChanges = append(out.ArtifactChanges, sarifArtifactChange{ArtifactLocation: loc})
			i = len(out.ArtifactChanges) - 1
		}
		rep := sarifReplacement{DeletedRegion: sarifByteRegion{ByteOffset: e.Start, ByteLength: e.End - e.Start}}
		if e.New != "" {
			rep.InsertedContent = &sarifMessage{e.New}
		}
		out.ArtifactChanges[i].Replacements = append(out.ArtifactChanges[i].Replacements, rep)
	}
	return out
}

// physical is a go vet position ("file:line:col") as a SARIF location.
func physical(cwd, posn string) sarifPhysical {
	file, line, col := vettool.SplitPosition(posn)
	loc := sarifPhysical{ArtifactLocation: artifact(cwd, file)}
	if line > 0 {
		loc.Region = &sarifRegion{StartLine: line, StartColumn: col}
	}
	return loc
}

// artifact names a file relative to the run's directory when it lies
// inside it, otherwise by its absolute file URI.
func artifact(cwd, file string) sarifArtifact {
	if rel := relative(cwd, file); !filepath.IsAbs(rel) {
		return sarifArtifact{URI: filepath.ToSlash(rel), URIBaseID: srcRoot}
	}
	return sarifArtifact{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(file)}).String()}
}
