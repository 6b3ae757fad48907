package pipeline

import (
	"context"

	"github.com/gridbench/gridbench/bench"
)

// mergeShards stands in for bench.Execute when Options.Merge is set: it
// gathers the shards' runs instead of running anything.
func mergeShards(ctx context.Context, plan bench.Plan, _ bench.Executor, opts bench.Options) (*bench.Result, error) {
	return bench.Merge(ctx, plan, opts)
}
