// Package report renders gridbench's reproduction report: a table model that
// report builders fill (published beside reproduced, summaries, significance
// tests), and renderers over it — Markdown for the report pages, LaTeX
// (booktabs) and JSON per table, CSV, and the Excel workbook. Renderers
// format; they never compute statistics.
//
// The generated report itself (README.md, one page per experiment, figures/)
// is written by `gridbench reproduce` into paper/ below --out, an output
// folder that holds no source; the repository's copy is committed, so a
// reader sees the reproduction without running anything.
package report
