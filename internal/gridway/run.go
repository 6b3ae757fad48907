package gridway

import (
	"fmt"
	"slices"
)

// Prefix advances a background-only federation to time t (use a time at or
// before the first submission of every run that will share it).
func Prefix(cfg Config, bg []BGJob, t float64) (*Sim, error) {
	c := cfg
	c.Users = nil
	s, err := NewBackground(c, bg)
	if err != nil {
		return nil, err
	}
	s.AdvanceTo(t)
	return s, nil
}

// Simulate runs the named policy on cfg. With a prefix (see Prefix, built
// from the same background), the run continues from a clone of it;
// otherwise it starts at time 0. SO and SO-AS first run Normal on the same
// scenario as their offline training (Train) and return the objectives
// they derived; other policies return nil objectives.
func Simulate(cfg Config, bg []BGJob, prefix *Sim, name string) (*Result, []Objective, error) {
	var trained []Objective
	if NeedsTraining(name) {
		var err error
		if trained, err = Train(cfg, bg, prefix); err != nil {
			return nil, nil, err
		}
	}
	res, err := SimulateTrained(cfg, bg, prefix, name, trained)
	return res, trained, err
}

// Train is SO's offline training: Normal on cfg, and the objectives
// TrainObjectives derives from it. SO and SO-AS of one scenario can share it.
func Train(cfg Config, bg []BGJob, prefix *Sim) ([]Objective, error) {
	_, obj, err := TrainRun(cfg, bg, prefix)
	return obj, err
}

// TrainRun is Train that also returns its Normal run.
func TrainRun(cfg Config, bg []BGJob, prefix *Sim) (*Result, []Objective, error) {
	res, err := SimulateTrained(cfg, bg, prefix, "Normal", nil)
	if err != nil {
		return nil, nil, err
	}
	return res, TrainObjectives(res), nil
}

// SimulateTrained runs the named policy with the given trained objectives
// (used by SO and SO-AS, ignored by the others), from prefix as Simulate.
func SimulateTrained(cfg Config, bg []BGJob, prefix *Sim, name string, trained []Objective) (*Result, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	p, err := NewPolicy(name, trained)
	if err != nil {
		return nil, err
	}
	s, err := start(cfg, bg, prefix)
	if err != nil {
		return nil, err
	}
	return s.Run(p)
}

// start returns a fresh federation for cfg, or a clone of prefix.
func start(cfg Config, bg []BGJob, prefix *Sim) (*Sim, error) {
	if prefix == nil {
		return NewBackground(cfg, bg)
	}
	if err := sameBackground(prefix.cfg, cfg); err != nil {
		return nil, err
	}
	s := prefix.Clone()
	s.cfg = cfg
	return s, nil
}

// sameBackground reports a configuration that cannot continue from a prefix
// built with another: the prefix has already placed background jobs on the
// testbeds with its own lengths. Everything else (links, intervals,
// policies' parameters) only acts once users arrive, so it may differ.
func sameBackground(pre, cfg Config) error {
	if !slices.Equal(pre.DSA.Machines, cfg.DSA.Machines) || !slices.Equal(pre.LCG.Machines, cfg.LCG.Machines) {
		return fmt.Errorf("federation: the prefix was built for other testbeds")
	}
	if pre.MIPerTraceSecond != cfg.MIPerTraceSecond {
		return fmt.Errorf("federation: the prefix was built with %v MI per trace second, the run asks for %v", pre.MIPerTraceSecond, cfg.MIPerTraceSecond)
	}
	return nil
}
