// Package all registers every experiment gridbench knows; import it for its
// side effect.
package all

import (
	_ "github.com/gridbench/gridbench/experiments/backfilling"
	_ "github.com/gridbench/gridbench/experiments/deadline"
	_ "github.com/gridbench/gridbench/experiments/federation"
	_ "github.com/gridbench/gridbench/experiments/immediate"
	_ "github.com/gridbench/gridbench/experiments/roundrobin"
)
