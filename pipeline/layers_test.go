package pipeline

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestStudiesBelow: the pipeline sits above the studies, which never
// import it: the registry, the Experiment interface and the built-in
// studies build without it, so experiments/all links them with no cycle.
// (filestudy.Run, a runner for a program of your own, is the one study
// package that calls Reproduce.)
func TestStudiesBelow(t *testing.T) {
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	pkgs := []string{"../experiments", "../experiments/backfilling", "../experiments/deadline",
		"../experiments/federation", "../experiments/immediate", "../experiments/roundrobin", "../report", "../bench"}
	out, err := exec.Command(goTool, append([]string{"list", "-deps"}, pkgs...)...).Output()
	if err != nil {
		t.Fatalf("go list -deps %v: %v", pkgs, err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasSuffix(p, "/pipeline") {
			t.Errorf("%v depend on %s", pkgs, p)
		}
	}
}
