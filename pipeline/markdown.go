package pipeline

import (
	"io"
	"path/filepath"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/report"
)

// The Markdown page, paper/<page>.md: the committed report.
func init() {
	RegisterFormat("markdown", Format{Study: func(t Target, rep *experiments.ReportOutput) error {
		return writeFile(filepath.Join(t.PaperDir(), rep.Page), func(w io.Writer) error {
			return report.WritePageMarkdown(w, rep.Model)
		})
	}})
}
