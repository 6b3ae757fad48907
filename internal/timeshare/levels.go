package timeshare

import "slices"

// distinctPriorities returns the distinct Priority values of jobs in
// ascending order. Traces give few (PriorityRule three), so they are
// gathered in a short list rather than by sorting every job's priority
// (a sort per slave per run, 5% of an APDRR run); many distinct values
// fall back to the sort.
func distinctPriorities(jobs []Job) []int {
	const few = 16
	var vals []int
	for i := range jobs {
		p := jobs[i].Priority
		if !slices.Contains(vals, p) {
			if len(vals) == few {
				return sortedPriorities(jobs)
			}
			vals = append(vals, p)
		}
	}
	slices.Sort(vals)
	return vals
}

func sortedPriorities(jobs []Job) []int {
	prios := make([]int, len(jobs))
	for i := range jobs {
		prios[i] = jobs[i].Priority
	}
	slices.Sort(prios)
	return slices.Compact(prios)
}
