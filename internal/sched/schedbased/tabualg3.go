package schedbased

// Alg3TabuOptions are the Tabu search options of Algorithm 3 as the
// longer paper (Klusáček and Rudová) writes it: "Both delayed and
// non-delayed jobs are considered as candidates", so every machine may be
// a source (the one with the most delayed planned jobs first) and the
// search runs its full iteration bound after each arrival even when no
// planned job is delayed. Iterations and tabu list length are the
// defaults'. "tabu" (DefaultTabuOptions) is the other reading and stays
// the default; this one is run beside it as a reading of the paper.
func Alg3TabuOptions() TabuOptions {
	o := DefaultTabuOptions()
	o.AllSources = true
	return o
}

// NewTabuAlg3 returns EG-EDF followed by the Tabu search of
// Alg3TabuOptions, its machine orders derived from seed. It is not
// registered: the deadline experiment runs it by name ("tabu-alg3") as a
// reading beside the default Tabu, and the registry's list of schedulers
// stays the published algorithms'.
func NewTabuAlg3(seed uint64) *Scheduler { return NewTabuScheduler(Alg3TabuOptions(), seed) }
