package pipeline

import (
	"cmp"
	"fmt"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/report"
)

// The claims file, paper/<study>.claims.json: the study's claims ledger
// with the method that decided it, when the study has claims.
func init() {
	RegisterFormat("claims", Format{Study: func(t Target, rep *experiments.ReportOutput) error {
		if len(rep.Ledger) == 0 {
			return nil
		}
		method := analysis.StandardMethod(cmp.Or(rep.Tolerance, "no published values are compared"), cmp.Or(rep.Version, "unknown"))
		if _, err := report.WriteLedgerFile(t.PaperDir(), t.Study, method, rep.Ledger); err != nil {
			return fmt.Errorf("report: %w", err)
		}
		return nil
	}})
}
