package etc

import "github.com/gridbench/gridbench/etcmatrix"

// Matrix is an Expected Time to Compute matrix (etcmatrix.Matrix, shared
// with the simulators that read it).
type Matrix = etcmatrix.Matrix

// New returns a zero Matrix of the given size. It panics if either
// dimension is not positive.
func New(jobs, machines int) *Matrix { return etcmatrix.New(jobs, machines) }
