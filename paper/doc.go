// Package paper renders gridbench's reproduction report: a table model that
// report builders fill (published beside reproduced, summaries, significance
// tests), and renderers over it — Markdown for the report pages, CSV, and
// the Excel workbook. Renderers format; they never compute statistics.
//
// The generated report itself (README.md, one page per experiment, figures/)
// is written into this folder by `gridbench reproduce` and committed, so a
// reader of the repository sees the reproduction without running anything.
package paper
