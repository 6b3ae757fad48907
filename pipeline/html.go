package pipeline

import (
	"io"
	"os"
	"path"
	"path/filepath"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/report"
)

// The page as HTML with its figures inline,
// results/<study>/page/<page>.html.
func init() {
	RegisterFormat("html", Format{Study: func(t Target, rep *experiments.ReportOutput) error {
		dir := t.PageDir()
		return writeFile(filepath.Join(dir, rep.Model.ID+".html"), func(w io.Writer) error {
			return report.WritePageHTML(w, rep.Model, htmlBeside(dir, t.PaperDir()))
		})
	}})
}

// htmlBeside is how an HTML page in dir reads the figures of the Markdown
// page in paperDir and reaches what that page links to.
func htmlBeside(dir, paperDir string) report.HTMLOptions {
	rel, err := filepath.Rel(dir, paperDir)
	if err != nil {
		rel = paperDir
	}
	return report.HTMLOptions{
		Figure: func(name string) ([]byte, error) {
			return os.ReadFile(filepath.Join(paperDir, filepath.FromSlash(name)))
		},
		Link: func(target string) string { return path.Join(filepath.ToSlash(rel), target) },
	}
}
