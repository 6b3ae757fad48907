// Package etcmatrix holds the Expected Time to Compute matrix, the one
// instance type of the ETC pipeline: generators/etc produces it, the
// heuristics (internal/sched/mapping) read it, and the public faces
// (etc.Matrix, mapping.Matrix) are aliases of it.
//
// It imports nothing of gridbench's and sits below both generators/ and
// internal/, so neither has to import the other for the type: generators
// import nothing under internal/, simulators import no generator.
package etcmatrix
