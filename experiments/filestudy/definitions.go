package filestudy

import "github.com/gridbench/gridbench/analysis"

// def returns the descriptor of metric m in the study's family's table:
// "makespan" means a different thing on a trace (seconds) and on an ETC
// instance (ETC units). The README's metric table says the same.
func (s *Study) def(m string) analysis.Metric {
	if f, err := s.family(); err == nil {
		if d, ok := analysis.FindMetric(f.table(), m); ok {
			return d
		}
	}
	return analysis.Metric{}
}

// better says which way metric m improves, for the tables' best values and
// the figure captions.
func (s *Study) better(m string) analysis.Better { return s.def(m).Better }

// axisLabel is metric m with its unit, for a figure's value axis.
func (s *Study) axisLabel(m string) string {
	if u := s.def(m).Unit; u != "" {
		return m + " (" + u + ")"
	}
	return m + " (ratio)"
}
