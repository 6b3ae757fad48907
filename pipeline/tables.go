package pipeline

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/report"
)

// The study's tables, results/<study>/tables/, one file per table in each
// format with a Table writer.
func init() {
	RegisterFormat("tables", Format{Study: func(t Target, rep *experiments.ReportOutput) error {
		return writeTables(t.Out, t.Study, rep)
	}})
}

// writeTables writes the experiment's tables (its workbook sheets, the
// page's other tables, its published-vs-reproduced comparisons, its claims
// ledger as "ledger") as results/<exp>/tables/<table-id><ext>, one file in
// each registered format with a Table writer (.json, .tex), beside the
// runs they are made from: like the workbook they hold every row of every
// sheet (some run to thousands), so they are outputs, not part of the
// committed report.
func writeTables(out, exp string, rep *experiments.ReportOutput) error {
	tables := slices.Clone(rep.Sheets)
	for _, t := range rep.Model.Tables() {
		if !slices.Contains(tables, t) {
			tables = append(tables, t)
		}
	}
	if len(rep.Compared) > 0 {
		t := &report.Table{ID: "compared", Title: "Published vs reproduced", Columns: summaryColumns}
		addComparisons(t, exp, rep.Compared)
		tables = append(tables, t)
	}
	if len(rep.Ledger) > 0 {
		tables = append(tables, report.LedgerTable("ledger", "Claims ledger", rep.Ledger))
	}
	var forms []report.TableForm
	for _, f := range registered() {
		if f.Table != nil {
			forms = append(forms, report.TableForm{Ext: f.TableExt, Write: f.Table})
		}
	}
	if len(forms) == 0 {
		return nil // no table format registered
	}
	if _, err := report.WriteTableFiles(filepath.Join(ResultsDir(out, exp), "tables"), tables, forms...); err != nil {
		return fmt.Errorf("report tables: %w", err)
	}
	return nil
}
