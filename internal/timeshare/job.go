package timeshare

import (
	"cmp"
	"math"
	"slices"
)

// Job is one unit of work as the simulator sees it: a single-CPU job that
// arrives at Submit and needs Run seconds of CPU time.
type Job struct {
	ID       int64   // the trace's job id, carried to the output untouched
	Submit   float64 // arrival time, seconds
	Run      float64 // CPU time needed, seconds; < 0 means "not recorded" and the job is not dealt
	Priority int     // smaller is more urgent; see PriorityRule
	User     int     // the trace's user id (-1 when unknown)
}

// Outcome is what happened to one job. Times are in the same unit and origin
// as Job.Submit.
type Outcome struct {
	FirstStart float64 // first time the job held the CPU
	End        float64 // completion time
	Slave      int     // 0-based slave index; -1 for a job that was not dealt (Run < 0)
}

// PriorityLevels is the number of levels PriorityRule produces (1, 2, 3).
const PriorityLevels = 3

// PriorityRuleText states PriorityRule in one sentence, for reports.
const PriorityRuleText = "user levels by job share: users sorted by job count ascending (ties by user id); " +
	"a user's priority is 1 + floor(3 * J / N), where J is the number of jobs of the users before it " +
	"and N the number of valid jobs; 1 is the most urgent, so light users go first"

// PriorityRule sets Priority on every job from user levels, because the
// traces carry no priorities (Shah et al. assign them "on the basis of user
// classifications" without saying how).
//
// The rule: count the valid jobs (Run >= 0) of each User; sort users by that
// count ascending, ties by user id ascending; walking that list, a user whose
// lighter predecessors own J of the N valid jobs gets priority
// 1 + floor(3*J/N), i.e. 1, 2 or 3. So the jobs split into roughly equal
// thirds by job share, light users are the most urgent (the paper's notion of
// fairness towards users), and one heavy user cannot share a level with the
// many light ones. Jobs with Run < 0 get the priority of their user (or 3 if
// the user has no valid job). The rule is deterministic: it depends only on
// the multiset of (User, valid) pairs, not on map order or input order.
func PriorityRule(jobs []Job) {
	slot, ids := userSlots(jobs)
	count := make([]int, len(ids))
	n := 0
	for i := range jobs {
		if jobs[i].Run >= 0 {
			count[slot[i]]++
			n++
		}
	}
	var users []int32 // the slots of the users with a valid job
	for u, c := range count {
		if c > 0 {
			users = append(users, int32(u))
		}
	}
	slices.SortFunc(users, func(a, b int32) int {
		if ca, cb := count[a], count[b]; ca != cb {
			return ca - cb
		}
		return cmp.Compare(ids[a], ids[b])
	})
	level := make([]int, len(ids)) // 0: a user without a valid job
	before := 0
	for _, u := range users {
		level[u] = 1 + 3*before/n
		before += count[u]
	}
	for i := range jobs {
		if l := level[slot[i]]; l > 0 {
			jobs[i].Priority = l
		} else {
			jobs[i].Priority = PriorityLevels
		}
	}
}

// userSlots numbers the users of jobs from 0: slot[i] is job i's user's
// number and ids[k] the user of number k. When the ids span fewer than
// 65,536 values (traces number their users from 0 or 1) a user's number is
// its id less the smallest, which costs no hashing; otherwise the users
// are numbered as they first occur. Hashing every job's user several times
// was most of the rule's time, which every window of the roundrobin study
// pays.
func userSlots(jobs []Job) (slot []int32, ids []int) {
	slot = make([]int32, len(jobs))
	if len(jobs) == 0 {
		return slot, nil
	}
	lo, hi := jobs[0].User, jobs[0].User
	for i := range jobs {
		lo, hi = min(lo, jobs[i].User), max(hi, jobs[i].User)
	}
	if d := hi - lo; d >= 0 && d < 1<<16 {
		ids = make([]int, d+1)
		for k := range ids {
			ids[k] = lo + k
		}
		for i := range jobs {
			slot[i] = int32(jobs[i].User - lo)
		}
		return slot, ids
	}
	number := map[int]int32{}
	for i := range jobs {
		k, ok := number[jobs[i].User]
		if !ok {
			k = int32(len(ids))
			number[jobs[i].User] = k
			ids = append(ids, jobs[i].User)
		}
		slot[i] = k
	}
	return slot, ids
}

// RunTimePriorityText states PriorityByRun in one sentence, for reports.
const RunTimePriorityText = "run-time levels: valid jobs sorted by run time ascending (ties by input order); " +
	"the job of rank i (from 0) of N gets priority 1 + floor(3 * i / N), so the shortest third is the most urgent"

// PriorityByRun sets Priority from run times instead of users: the shortest
// third of the valid jobs gets 1, the next third 2, the longest third 3
// (jobs with Run < 0 get 3). It is not the paper's rule; the roundrobin
// ablation uses it to ask whether APDRR would win with priorities that
// know the run time, as SPN does.
func PriorityByRun(jobs []Job) {
	var idx []int
	for i := range jobs {
		jobs[i].Priority = PriorityLevels
		if jobs[i].valid() {
			idx = append(idx, i)
		}
	}
	if !sortByIntRun(jobs, idx) {
		// Unstable sort with the index as tie-break: stable order,
		// without the stable sort's slow merges on unsorted run times.
		slices.SortFunc(idx, func(a, b int) int { return cmp.Or(cmp.Compare(jobs[a].Run, jobs[b].Run), cmp.Compare(a, b)) })
	}
	for rank, i := range idx {
		jobs[i].Priority = 1 + PriorityLevels*rank/len(idx)
	}
}

// sortByIntRun sorts idx by (run time, index) as one integer per job,
// run<<32 | index, when every run time of idx is an integer below 2^32 and
// every index below 2^32, and reports whether it could: the ordered sort
// of integers takes a fifth of the time of the sort with a comparison
// function reaching into jobs (4 ms for a 20,208-job window, repeated for
// every run of the run-time priority variant).
func sortByIntRun(jobs []Job, idx []int) bool {
	keys := make([]uint64, len(idx))
	for k, i := range idx {
		r := jobs[i].Run
		if !(r >= 0 && r < 1<<32 && r == math.Trunc(r)) || uint64(i) >= 1<<32 {
			return false
		}
		keys[k] = uint64(r)<<32 | uint64(i)
	}
	slices.Sort(keys)
	for k, key := range keys {
		idx[k] = int(key & (1<<32 - 1))
	}
	return true
}

// valid reports whether the job can be simulated. NaN and infinite times are
// rejected by Run before this is asked.
func (j *Job) valid() bool { return j.Run >= 0 }
