package pipeline

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/report"
)

// outcomes are two studies' report outputs: sheets (one already prefixed),
// published-vs-reproduced comparisons and claims ledgers.
func outcomes() []*Outcome {
	p := 0.01
	mk := func(name string, sheets []*report.Table, ledger []analysis.LedgerEntry) *Outcome {
		rec := analysis.Record{Experiment: name, Workload: "w", Algorithm: "a", Rep: 0, Seed: 1, Metric: "m", Value: 2}
		// The page shows its sheets and one table of its own.
		page := &report.Page{ID: name}
		for _, t := range sheets {
			page.Add(t)
		}
		own := &report.Table{ID: name + "-page-only", Columns: []string{"y"}}
		own.AddRow(report.Int(3))
		page.Add(own)
		return &Outcome{Name: name, Result: &bench.Result{Records: []analysis.Record{rec}},
			Report: &experiments.ReportOutput{Model: page, Sheets: sheets, Ledger: ledger,
				Compared: []experiments.Comparison{{Table: "Table 3", Workload: "w", Algorithm: "a", Metric: "m", Published: 4, Reproduced: 2, Better: "lower"}}}}
	}
	t4 := &report.Table{ID: "Table4", Columns: []string{"user", "share"}}
	t4.AddRow(report.Str("User-0"), report.Pct(0.643, 1))
	means := &report.Table{ID: "beta-means", Columns: []string{"x"}}
	means.AddRow(report.Int(1))
	return []*Outcome{
		mk("alpha", []*report.Table{t4}, []analysis.LedgerEntry{{ID: "A1", Quote: "a is best", Verdict: analysis.VerdictHeld, P: &p, N: 20}}),
		mk("beta", []*report.Table{means}, []analysis.LedgerEntry{{ID: "B1", Quote: "b fits", Verdict: analysis.VerdictNotTestable, InSample: true}}),
	}
}

// TestWorkbookSheets: every study sheet is named with its study, and one
// Claims sheet holds every study's ledger in the same columns.
func TestWorkbookSheets(t *testing.T) {
	out := t.TempDir()
	if err := os.MkdirAll(filepath.Join(out, "results"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeWorkbook(out, outcomes()); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(WorkbookPath(out))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got, want := f.GetSheetList(), []string{"Summary", "Stats", "Claims", "alpha-Table4", "beta-means", "Raw"}; !slices.Equal(got, want) {
		t.Errorf("sheets %q, want %q", got, want)
	}
	rows, err := f.GetRows("Claims")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || !slices.Equal(rows[0], report.ClaimsColumns) || rows[1][0] != "alpha" || rows[2][0] != "beta" || rows[2][9] != "TRUE" {
		t.Errorf("Claims sheet %q", rows)
	}
	if typ, _ := f.GetCellType("alpha-Table4", "B2"); typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
		t.Error("alpha-Table4!B2: the share is text, want a number")
	}
}

// TestWriteTables: each study's sheets, its page's other tables, its
// comparisons and its ledger land in results/<exp>/tables/ as .tex and
// .json.
func TestWriteTables(t *testing.T) {
	out := t.TempDir()
	o := outcomes()[0]
	if err := writeTables(out, o.Name, o.Report); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(ResultsDir(out, "alpha"), "tables")
	for _, id := range []string{"Table4", "alpha-page-only", "compared", "ledger"} {
		tex, err := os.ReadFile(filepath.Join(dir, id+".tex"))
		if err != nil || !strings.Contains(string(tex), `\toprule`) {
			t.Errorf("%s.tex: %v %.80q", id, err, tex)
		}
		raw, err := os.ReadFile(filepath.Join(dir, id+".json"))
		var tb struct{ ID string }
		if err != nil || json.Unmarshal(raw, &tb) != nil || tb.ID != id {
			t.Errorf("%s.json: %v %.80q", id, err, raw)
		}
	}
	if tex, _ := os.ReadFile(filepath.Join(dir, "Table4.tex")); !strings.Contains(string(tex), `64.3\%`) {
		t.Errorf("Table4.tex lacks the share as the page shows it:\n%s", tex)
	}
}

// Records or points past what an Excel sheet holds make their sheet one
// note saying where they are: a study of 10,000 repetitions (12 M points)
// failed at the workbook, after every run, with excelize's "row number
// exceeds maximum limit". (The limit is lowered to 2 here.)
func TestWorkbookSheetTooLong(t *testing.T) {
	defer func(n int) { sheetRows = n }(sheetRows)
	sheetRows = 2
	out := t.TempDir()
	os.MkdirAll(filepath.Join(out, "results"), 0o755)
	outs := outcomes()
	outs[0].Result.Series = []analysis.Point{{Experiment: "alpha", Series: "s", T: 0, Value: 1}, {Experiment: "alpha", Series: "s", T: 1, Value: 2}}
	outs[1].Result.Series = []analysis.Point{{Experiment: "beta", Series: "s", T: 0, Value: 3}}
	if err := writeWorkbook(out, outs); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(WorkbookPath(out))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	series, _ := f.GetRows("Series")
	raw, _ := f.GetRows("Raw")
	want := "3 rows, more than an Excel sheet holds (2): every one is in results/<experiment>/series.csv"
	if len(series) != 2 || series[0][0] != "note" || !strings.HasPrefix(series[1][0], want) {
		t.Errorf("Series sheet %q, want a note starting %q", series, want)
	}
	if len(raw) != 3 || raw[0][0] != "experiment" { // 2 records: they fit
		t.Errorf("Raw sheet %q", raw)
	}
}
