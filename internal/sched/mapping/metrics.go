package mapping

import (
	"slices"

	"github.com/gridbench/gridbench/etcmatrix"
)

// Metrics are the four criteria of Xhafa et al. (2007), computed as in
// their Tables 3–6 (see Evaluate).
type Metrics struct {
	Makespan    float64
	Flowtime    float64
	Utilization float64
	Proximity   float64
}

// Evaluate computes the metrics the way Tables 3–6 do: Makespan (Eq. 2),
// Flowtime, Utilization and Proximity below. EvaluateLiteral applies the
// equations as printed instead; Interpretations lists the differences.
func Evaluate(m *etcmatrix.Matrix, s *Schedule) Metrics {
	return Metrics{
		Makespan:    Makespan(s),
		Flowtime:    Flowtime(m, s),
		Utilization: Utilization(s),
		Proximity:   Proximity(m, s),
	}
}

// EvaluateLiteral computes the metrics from the paper's equations read
// literally: flowtime with jobs in assignment order, Eq. 3 over all
// machines, Eq. 4 as printed (ours over MET's, ≥ 1).
func EvaluateLiteral(m *etcmatrix.Matrix, s *Schedule) Metrics {
	return Metrics{
		Makespan:    Makespan(s),
		Flowtime:    FlowtimeInOrder(s),
		Utilization: UtilizationAllMachines(s),
		Proximity:   ProximityEq4(m, s),
	}
}

// Makespan is the local makespan of Eq. 2: the largest completion time
// among the machines that received at least one job (0 if none did). A
// machine with no job does not count even if its ready time is later: the
// Section 4 example (machine m2 ready at 200, makespans 170, 160, 130)
// needs this.
func Makespan(s *Schedule) float64 {
	ms := 0.0
	for k, c := range s.Completion {
		if s.Count[k] > 0 {
			ms = max(ms, c)
		}
	}
	return ms
}

// Flowtime is the sum of the jobs' finishing times when each machine runs
// its jobs shortest first from its ready time — the order that minimises
// flowtime for the given assignment, and the one Table 4 uses (see
// Interpretations, "flowtime-order"). It ignores the assignment order kept
// in s.Start and s.End; FlowtimeInOrder uses that.
func Flowtime(m *etcmatrix.Matrix, s *Schedule) float64 {
	per := make([][]float64, len(s.Completion))
	for j, k := range s.Machine {
		per[k] = append(per[k], m.At(j, k))
	}
	total := 0.0
	for k, d := range per {
		slices.Sort(d)
		t := s.Ready[k]
		for _, x := range d {
			t += x
			total += t
		}
	}
	return total
}

// FlowtimeInOrder is the sum of the jobs' finishing times in s, i.e. with
// jobs run in assignment order.
func FlowtimeInOrder(s *Schedule) float64 {
	total := 0.0
	for _, e := range s.End {
		total += e
	}
	return total
}

// Utilization is the average resource utilisation of Eq. 3 taken over the
// machines that received jobs (the "Machines'" of Eq. 2): the sum of their
// completion times over (makespan × their number). Table 5 gives MET 1.000
// on consistent instances, where every job goes to one machine; over all
// 16 machines that would be 1/16. It is 0 for an empty schedule.
func Utilization(s *Schedule) float64 {
	sum, used := 0.0, 0
	for k, c := range s.Completion {
		if s.Count[k] > 0 {
			sum += c
			used++
		}
	}
	ms := Makespan(s)
	if used == 0 || ms == 0 {
		return 0
	}
	return sum / (ms * float64(used))
}

// UtilizationAllMachines is Eq. 3 as printed: the sum of all machines'
// completion times over (makespan × number of machines).
func UtilizationAllMachines(s *Schedule) float64 {
	sum := 0.0
	for _, c := range s.Completion {
		sum += c
	}
	ms := Makespan(s)
	if ms == 0 {
		return 0
	}
	return sum / (ms * float64(len(s.Completion)))
}

// Proximity is the matching proximity as Table 6 reports it: the total
// execution time under MET over the total execution time of s. It is 1 for
// MET and below 1 otherwise; "a large value means many jobs run on their
// fastest machine". Eq. 4 prints the reciprocal (see ProximityEq4). It is 1
// when both totals are 0.
func Proximity(m *etcmatrix.Matrix, s *Schedule) float64 {
	ours, met := execTotals(m, s)
	if ours == 0 {
		return 1
	}
	return met / ours
}

// ProximityEq4 is Eq. 4 as printed: the total execution time of s over the
// total under MET (≥ 1).
func ProximityEq4(m *etcmatrix.Matrix, s *Schedule) float64 {
	ours, met := execTotals(m, s)
	if met == 0 {
		return 1
	}
	return ours / met
}

func execTotals(m *etcmatrix.Matrix, s *Schedule) (ours, met float64) {
	for j, k := range s.Machine {
		ours += m.At(j, k)
		met += m.At(j, argminETC(m, j))
	}
	return ours, met
}

// Gap is the relative distance of a makespan to a best-known one:
// makespan/best − 1 (0 means the best is matched, 0.1 is 10% worse).
func Gap(makespan, best float64) float64 { return makespan/best - 1 }
