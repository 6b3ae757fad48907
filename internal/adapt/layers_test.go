package adapt

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestLayers checks the import rule this package exists for: simulators
// import no generator, generators import no simulator (docs/architecture.md);
// and that study files and the simulator families import no study: what
// studies share lives in the family packages (spaceshared, timeshared,
// mapping, federated).
func TestLayers(t *testing.T) {
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	for _, tc := range []struct {
		pkgs      []string
		forbidden string
	}{
		{[]string{"../sim/...", "../sched/...", "../timeshare/...", "../gridway/..."}, "/generators/"},
		{[]string{"../../generators/..."}, "/internal/sim"},
		{[]string{"../../generators/..."}, "/internal/sched"},
		{[]string{"../../generators/..."}, "/internal/timeshare"},
		{[]string{"../../generators/..."}, "/internal/gridway"},
		{[]string{"../../experiments/filestudy", "../../spaceshared", "../../timeshared", "../../mapping", "../../federated"}, "/experiments/deadline"},
		{[]string{"../../experiments/filestudy", "../../spaceshared", "../../timeshared", "../../mapping", "../../federated"}, "/experiments/roundrobin"},
		{[]string{"../../experiments/filestudy", "../../spaceshared", "../../timeshared", "../../mapping", "../../federated"}, "/experiments/immediate"},
		{[]string{"../../experiments/filestudy", "../../spaceshared", "../../timeshared", "../../mapping", "../../federated"}, "/experiments/federation"},
		{[]string{"../../experiments/filestudy", "../../spaceshared", "../../timeshared", "../../mapping", "../../federated"}, "/experiments/backfilling"},
		{[]string{"../../spaceshared", "../../timeshared", "../../mapping", "../../federated"}, "/experiments"},
	} {
		out, err := exec.Command(goTool, append([]string{"list", "-deps"}, tc.pkgs...)...).Output()
		if err != nil {
			t.Fatalf("go list -deps %v: %v", tc.pkgs, err)
		}
		for _, p := range strings.Fields(string(out)) {
			if strings.Contains(p, tc.forbidden) {
				t.Errorf("%v depend on %s", tc.pkgs, p)
			}
		}
	}
}
