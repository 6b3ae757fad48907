package pipeline

import (
	"io"
	"path/filepath"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/report"
)

// The page as JSON, results/<study>/page/<page>.json, and each table as
// results/<study>/tables/<id>.json.
func init() {
	RegisterFormat("json", Format{
		Study: func(t Target, rep *experiments.ReportOutput) error {
			return writeFile(filepath.Join(t.PageDir(), rep.Model.ID+".json"), func(w io.Writer) error {
				return report.WritePageJSON(w, rep.Model)
			})
		},
		TableExt: ".json", Table: report.WriteJSON,
	})
}
