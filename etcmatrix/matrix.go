package etcmatrix

import "fmt"

// Matrix is an Expected Time to Compute matrix: ETC[i][j] is the expected
// execution time of job i on machine j. Values are stored job-major, the
// layout of the Braun et al. instance files.
type Matrix struct {
	Jobs, Machines int
	ETC            []float64 // len Jobs*Machines; ETC[i*Machines+j]
}

// New returns a zero Matrix of the given size. It panics if either
// dimension is not positive.
func New(jobs, machines int) *Matrix {
	if jobs <= 0 || machines <= 0 {
		panic(fmt.Sprintf("etcmatrix: New(%d, %d): dimensions must be positive", jobs, machines))
	}
	return &Matrix{Jobs: jobs, Machines: machines, ETC: make([]float64, jobs*machines)}
}

// At returns ETC[i][j].
func (m *Matrix) At(i, j int) float64 { return m.ETC[i*m.Machines+j] }

// Set sets ETC[i][j].
func (m *Matrix) Set(i, j int, v float64) { m.ETC[i*m.Machines+j] = v }

// Row returns job i's execution times on every machine; it aliases the matrix.
func (m *Matrix) Row(i int) []float64 { return m.ETC[i*m.Machines : (i+1)*m.Machines] }

// MakespanOf returns the makespan of assigning job j to machine assign[j]
// with every machine initially free: the largest per-machine sum of ETC.
func (m *Matrix) MakespanOf(assign []int) float64 {
	load := make([]float64, m.Machines)
	for j, mach := range assign {
		load[mach] += m.At(j, mach)
	}
	best := 0.0
	for _, l := range load {
		best = max(best, l)
	}
	return best
}
