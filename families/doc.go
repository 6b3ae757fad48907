// Package families holds one package per simulator family — space sharing
// (spacesharing), time sharing (timesharing), immediate ETC mapping
// (etcmapping), federation (federated) — each owning how its simulator is run and measured, and
// its metric table. The studies under experiments/ and study files use
// these packages; no study imports another for its metrics.
//
// A family's metric table is a Table: one Row per metric, its descriptor
// (analysis.Metric: name, unit, direction, label, definition) beside the
// function that reads its value off the family's measurements. Adding a
// metric is adding one row.
//
// It sits above the simulators (internal/...) and below experiments/.
package families
