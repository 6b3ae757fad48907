package filestudy

import "testing"

// What the external tests (package filestudy_test, which run studies
// through pipeline.RunStudy) need of the package's inside.

// AddBurstKind adds newkind_test.go's burst kind to kinds for the test's
// length.
func AddBurstKind(t *testing.T) { addKind(t, "burst", burstKind{}) }

// BurstStudy is a study file of one burst workload.
const BurstStudy = burstStudy

// SeriesUtilisation and UtilBins are utilisation.go's.
const (
	SeriesUtilisation = seriesUtilisation
	UtilBins          = utilBins
)
