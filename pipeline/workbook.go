package pipeline

import (
	"fmt"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/report"
)

// The workbook, results/gridbench.xlsx: every study the reproduction ran,
// its published-vs-reproduced rows, statistics, claims, sheets, runs and
// series.
func init() {
	RegisterFormat("workbook", Format{Shared: writeWorkbook})
}

// writeWorkbook writes the workbook of outcomes below out.

func writeWorkbook(out string, outcomes []*Outcome) error {
	summary := &report.Table{ID: "Summary", Title: "Published vs reproduced",
		Columns: summaryColumns}
	// The sheet is an Excel table, its header in the first row, which
	// scripts read by name: the interval's method is named in a column of
	// its own, appended, rather than in new names for ci95_low and
	// ci95_high or in a title row above the header.
	stats := &report.Table{ID: "Stats", Title: "Per workload, algorithm and metric across repetitions; ci95_low, ci95_high: the " + analysis.TInterval,
		Columns: []string{"experiment", "workload", "algorithm", "metric", "n", "mean", "sd", "median", "ci95_low", "ci95_high", "min", "max", "ci95_method"}}
	raw := &report.Table{ID: "Raw", Columns: analysis.Header}
	series := &report.Table{ID: "Series", Columns: analysis.SeriesHeader} // every series.csv, tidy
	claims := report.ClaimsSheet()                                        // every study's ledger, one shape
	// Raw and Series hold a row per record and per point: past what an
	// Excel sheet holds (a study of 10,000 repetitions has 12 M points),
	// the sheet says where they are instead (see tooLong).
	var nRaw, nSeries int
	for _, o := range outcomes {
		nRaw, nSeries = nRaw+len(o.Result.Records), nSeries+len(o.Result.Series)
	}
	fitRaw, fitSeries := nRaw <= sheetRows, nSeries <= sheetRows
	var extra []*report.Table
	for _, o := range outcomes {
		addComparisons(summary, o.Name, o.Report.Compared)
		groups, _ := o.Result.Groups()
		for _, g := range groups {
			s := g.Summary
			stats.AddRow(report.Str(g.Experiment), report.Str(g.Workload), report.Str(g.Algorithm), report.Str(g.Metric),
				report.Int(s.N), report.Num(s.Mean, -1), report.Num(s.SD, -1), report.Num(s.Median, -1),
				report.Num(s.CILow, -1), report.Num(s.CIHigh, -1), report.Num(s.Min, -1), report.Num(s.Max, -1), report.Str(ciMethod))
		}
		if fitRaw {
			for _, r := range o.Result.Records {
				raw.AddRow(report.Str(r.Experiment), report.Str(r.Workload), report.Str(r.Algorithm), report.Int(r.Rep),
					report.Str(fmt.Sprint(r.Seed)), report.Str(r.Metric), report.Num(r.Value, -1))
			}
		}
		if fitSeries {
			for _, p := range o.Result.Series {
				series.AddRow(report.Str(p.Experiment), report.Str(p.Workload), report.Str(p.Algorithm), report.Int(p.Rep),
					report.Str(fmt.Sprint(p.Seed)), report.Str(p.Series), report.Num(p.T, -1), report.Num(p.Value, -1))
			}
		}
		for _, t := range o.Report.Sheets {
			extra = append(extra, studySheet(o.Name, t))
		}
		report.AddClaims(claims, o.Name, o.Report.Ledger)
	}
	sheets := []*report.Table{summary, stats}
	if len(claims.Rows) > 0 {
		sheets = append(sheets, claims)
	}
	sheets = append(sheets, extra...)
	if !fitRaw {
		tooLong(raw, nRaw, "runs.csv")
	}
	if !fitSeries {
		tooLong(series, nSeries, "series.csv")
	}
	sheets = append(sheets, raw)
	if len(series.Rows) > 0 {
		sheets = append(sheets, series)
	}
	return report.WriteWorkbook(WorkbookPath(out), sheets)
}

// ciMethod is the Stats sheet's ci95_method: how ci95_low and ci95_high
// are made (analysis.TInterval).
const ciMethod = "t: mean ± t(0.975, n−1)·sd/√n"

// tooLong makes t, of n rows that no Excel sheet can hold, a sheet of
// one note saying so and where the rows are: a sheet cut short would read
// as the whole, and the workbook could not be written at all.
func tooLong(t *report.Table, n int, file string) {
	t.Columns, t.Rows = []string{"note"}, nil
	t.AddRow(report.Str(fmt.Sprintf("%d rows, more than an Excel sheet holds (%d): every one is in results/<experiment>/%s, which pandas (read_csv) and R (read.csv) read whole",
		n, sheetRows, file)))
}

// sheetRows is report.MaxSheetRows, which a test lowers.
var sheetRows = report.MaxSheetRows

// studySheet is t named for the workbook with its study's prefix, e.g.
// federation-Table4, unless its id already starts with it.
func studySheet(study string, t *report.Table) *report.Table {
	if strings.HasPrefix(t.ID, study+"-") {
		return t
	}
	c := *t
	c.ID = study + "-" + t.ID
	return &c
}
