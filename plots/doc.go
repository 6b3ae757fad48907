// Package plots renders gridbench figures with gonum/plot.
//
// It sits at the end of the report pipeline (records -> summary table ->
// renderers): callers pass numbers that are already summarised (means, CI
// bounds, per-task start/end times) and get back a *plot.Plot, which Save
// writes as a figure in PNG, SVG and PDF, exactly the formats asked for
// (the figure's files in the others are removed), and SaveFile as one
// file. No statistics are computed here, so a figure can never disagree
// with the tables rendered from the same summary.
//
// The constructors are Lines (metric vs x with 95% CI bars), Curves (the
// same without markers or bars, for long curves such as an FFT magnitude),
// GroupedBars (categories x series, with CI bars and a reference line),
// Gantt and GanttGrid (schedules, one bar per task), and StackedArea (job
// states over time). Every constructor validates its spec and returns an
// error, never a panic, for mismatched lengths, empty data or non-finite
// values.
//
// Series colours come from the Okabe-Ito palette (Color) and markers from a
// fixed list of shapes (Glyph), both keyed by series index, so an algorithm
// keeps its colour across figures as long as callers pass series in a
// stable order. All text uses Liberation Sans and should stay ASCII: the PDF
// backend garbles non-ASCII runes.
//
// Output is reproducible: the same plot gives byte-identical SVG and PDF.
// For PDF this package fixes fpdf's process-wide default creation and
// modification dates (see Save).
//
// The package imports nothing else from gridbench.
package plots
