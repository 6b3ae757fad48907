package federation

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
// from the same configuration and background), the run continues from a
// clone of it; otherwise it starts at time 0. SO and SO-AS first run Normal
// on the same scenario as their offline training and return the objectives
// they derived; other policies return nil objectives.
func Simulate(cfg Config, bg []BGJob, prefix *Sim, name string) (*Result, []Objective, error) {
	if err := cfg.Validate(); err != nil {
		return nil, nil, err
	}
	if _, err := NewPolicy(name, nil); err != nil {
		return nil, nil, err
	}
	start := func() (*Sim, error) {
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
	var trained []Objective
	if NeedsTraining(name) {
		s, err := start()
		if err != nil {
			return nil, nil, err
		}
		tr, err := s.Run(Normal{})
		if err != nil {
			return nil, nil, err
		}
		trained = TrainObjectives(tr)
	}
	p, _ := NewPolicy(name, trained)
	s, err := start()
	if err != nil {
		return nil, nil, err
	}
	res, err := s.Run(p)
	return res, trained, err
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
