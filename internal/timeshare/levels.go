package timeshare

import "slices"

// jobLevels returns each job's level, the rank of its Priority among the
// distinct priorities of jobs (0 the smallest), and the number of levels.
// A trace gives few priorities (PriorityRule three): one pass numbers them
// in order of first appearance by a scan of the short list, remembering the
// last one, and the numbers are then mapped to ranks; many distinct values
// fall back to a binary search in their sorted list.
func jobLevels(jobs []Job) ([]int32, int) { return jobLevelsInto(jobs, make([]int32, len(jobs))) }

// jobLevelsInto is jobLevels writing into lev, of the length of jobs.
func jobLevelsInto(jobs []Job, lev []int32) ([]int32, int) {
	const few = 16
	var seen [few]int
	ns := 0
	last, lastSlot := 0, int32(-1)
	for i := range jobs {
		p := jobs[i].Priority
		if lastSlot < 0 || p != last {
			s := 0
			for s < ns && seen[s] != p {
				s++
			}
			if s == ns {
				if ns == few {
					return jobLevelsSorted(jobs, lev)
				}
				seen[ns] = p
				ns++
			}
			last, lastSlot = p, int32(s)
		}
		lev[i] = lastSlot
	}
	sorted := slices.Clone(seen[:ns])
	slices.Sort(sorted)
	var rank [few]int32
	identity := true
	for s, p := range seen[:ns] {
		r, _ := slices.BinarySearch(sorted, p)
		rank[s] = int32(r)
		identity = identity && r == s
	}
	if !identity {
		for i, s := range lev {
			lev[i] = rank[s]
		}
	}
	return lev, ns
}

// jobLevelsSorted is jobLevels for many distinct priorities, into lev.
func jobLevelsSorted(jobs []Job, lev []int32) ([]int32, int) {
	prios := sortedPriorities(jobs)
	for i := range jobs {
		l, _ := slices.BinarySearch(prios, jobs[i].Priority)
		lev[i] = int32(l)
	}
	return lev, len(prios)
}

// sortedPriorities returns the distinct Priority values of jobs in
// ascending order.
func sortedPriorities(jobs []Job) []int {
	prios := make([]int, len(jobs))
	for i := range jobs {
		prios[i] = jobs[i].Priority
	}
	slices.Sort(prios)
	return slices.Compact(prios)
}
