package filestudy_test

import (
	"math/bits"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments/filestudy"
)

// Values that once panicked (jobs = 2^62, v_task = 1e308), wrote +Inf and
// NaN into runs.csv (run_max = 1e308) or would size a table beyond memory
// are refused when the file is loaded, naming the file, the line, the key
// and the bound.
func TestKeyRanges(t *testing.T) {
	etcStudy := `name = "e"
algorithms = ["MinMin"]

[[workload]]
kind = "etc"
method = "cvb"
jobs = 64
machines = 8
`
	tsStudy := `name = "ts"
algorithms = ["rr"]

[[workload]]
kind = "timeshare"
trace = "x.swf"
jobs = 100
slaves = 4
`
	// Where int has 32 bits, 2^62 is refused before its range is checked:
	// the TOML decoder would keep its low bits (0).
	jobsWant, startWant := "s.toml:7: workload 1: key jobs: 4611686018427387904: must be between 0 and 10000000", "key start: 4611686018427387904"
	if bits.UintSize == 32 {
		jobsWant = "s.toml:7: workload 1: key jobs: 4611686018427387904: more than a whole number holds in this 32-bit build"
	}
	for _, tc := range []struct{ name, text, want string }{
		{"jobs 2^62", strings.Replace(good, "jobs = 40", "jobs = 4611686018427387904", 1), jobsWant},
		{"run_max 1e308", good + "run_max = 1e308\n", "s.toml:9: workload 1: key run_max: 1e+308: must be between 0 and 4e+09"},
		{"run_max nan", good + "run_max = nan\n", "key run_max: NaN: must be between"},
		{"mean_inter_arrival inf", strings.Replace(good, "mean_inter_arrival = 2", "mean_inter_arrival = inf", 1), "key mean_inter_arrival: +Inf"},
		{"machines 1e9", strings.Replace(good, "machines = 4", "machines = 1000000000", 1), "key machines: 1000000000: must be between 0 and 1000000"},
		{"slack_max", good + "slack_max = 1e300\n", "key slack_max"},
		{"reps", "reps = 100000000\n" + good, "s.toml:1: key reps: 100000000: need 1 to 10000"},
		{"v_task 1e308", etcStudy + "v_task = 1e308\n", "s.toml:9: workload 1: key v_task: 1e+308: must be between 0 and 4"},
		{"v_mach tiny", etcStudy + "v_mach = 1e-300\n", "key v_mach: 1e-300: must be 0 (the default) or between 0.001 and 4"},
		{"etc cells", strings.NewReplacer("machines = 8", "machines = 100000", "jobs = 64", "jobs = 100000").Replace(etcStudy), "keys jobs/machines: etc: 100000 jobs × 100000 machines: need 1 × 1 to 100000000 cells"},
		{"slaves 1e9", strings.Replace(tsStudy, "slaves = 4", "slaves = 1000000000", 1), "key slaves: 1000000000"},
		{"quantum 1e-300", tsStudy + "quantum = 1e-300\n", "key quantum: 1e-300: must be 0 (the default) or between 0.001 and 4e+09"},
		{"start", tsStudy + "start = 4611686018427387904\n", startWant},
		{"exec_timeout 25h", "exec_timeout = \"25h\"\n" + good, `s.toml:1: key exec_timeout: "25h": want a duration from 1ms to 24h, e.g. "2m"`},
		{"exec_timeout 0", "exec_timeout = \"0s\"\n" + good, `s.toml:1: key exec_timeout: "0s": want a duration from 1ms to 24h`},
		{"exec_timeout 1us", "exec_timeout = \"1us\"\n" + good, `s.toml:1: key exec_timeout: "1us": want a duration from 1ms to 24h`},
		{"exec_timeout words", "exec_timeout = \"2 minutes\"\n" + good, `s.toml:1: key exec_timeout: "2 minutes": want a duration`},
		{"exec_timeout number", "exec_timeout = 120\n" + good, `s.toml:1: key exec_timeout: is the integer 120; want a string in quotes, a duration with its unit: write exec_timeout = "120s"`},
		{"env name", "env = [\"MY KNOB\"]\n" + good, `s.toml:1: key env: "MY KNOB" is not a variable name`},
		{"env twice", "\nenv = [\"A\", \"A\"]\n" + good, `s.toml:2: key env: "A" listed twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := filestudy.Load(write(t, tc.text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v\nwant it to contain %q", err, tc.want)
			}
		})
	}
}
