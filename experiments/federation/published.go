package federation

import (
	"fmt"
	"strconv"
	"strings"
)

// PublishedJobs is Table 3: jobs executed on [DSA, LCG] per user and
// policy. The paper prints SO and SO-AS in one column (same objective).
var PublishedJobs = map[string][3][2]int{
	"Normal": {{26, 524}, {113, 437}, {427, 123}},
	"SO":     {{102, 448}, {145, 405}, {124, 426}},
	"SO-AS":  {{102, 448}, {145, 405}, {124, 426}},
	"DO":     {{31, 519}, {124, 426}, {416, 134}},
	"DO-AS":  {{67, 483}, {70, 480}, {70, 480}},
}

// PublishedCompletion is Table 4 as printed (h:mm:ss) per user.
var PublishedCompletion = map[string][3]string{
	"Normal": {"1:37:36", "2:06:40", "6:18:41"},
	"SO":     {"1:35:39", "2:19:31", "13:27:13"},
	"DO":     {"1:36:31", "2:05:23", "6:12:49"},
	"SO-AS":  {"1:47:27", "2:18:03", "2:05:41"},
	"DO-AS":  {"1:30:21", "1:37:55", "1:38:41"},
}

// hms parses h:mm:ss into seconds.
func hms(s string) (float64, error) {
	p := strings.Split(s, ":")
	if len(p) != 3 {
		return 0, fmt.Errorf("bad time %q", s)
	}
	var t float64
	for _, f := range p {
		n, err := strconv.Atoi(f)
		if err != nil {
			return 0, fmt.Errorf("bad time %q", s)
		}
		t = t*60 + float64(n)
	}
	return t, nil
}

// fmtHMS formats seconds as h:mm:ss; a negative interval gets one leading
// minus sign (U+2212), "−2:12:47".
func fmtHMS(sec float64) string {
	if sec != sec {
		return "n/a"
	}
	sign := ""
	if sec < 0 {
		sign, sec = "−", -sec
	}
	s := int64(sec + 0.5)
	return fmt.Sprintf("%s%d:%02d:%02d", sign, s/3600, s/60%60, s%60)
}

// GatewayCells are the published cells the GridGateWay rate is derived
// from: User-0 (LCG almost idle) under the policies whose experiment is
// bound by moving its LCG jobs' files (Normal, DO, DO-AS; SO and SO-AS are
// left for validation).
var GatewayCells = []string{"Normal", "DO", "DO-AS"}

// GatewayCell is one of them: the published LCG jobs and completion time.
type GatewayCell struct {
	Policy     string
	LCGJobs    int
	Completion float64 // seconds
}

// SecondsPerJob is the completion time per LCG job.
func (g GatewayCell) SecondsPerJob() float64 { return g.Completion / float64(g.LCGJobs) }

// GatewayRate derives the GridGateWay port's rate in bytes per second from
// Tables 3 and 4: with LCG idle, User-0's experiment lasts as long as its
// LCG jobs' inputs and outputs take through one serialised port, so the
// rate is Σ LCG jobs × (in + out) / Σ completion time over GatewayCells.
func GatewayRate(in, out float64) (float64, []GatewayCell) {
	var cells []GatewayCell
	var bytes, secs float64
	for _, pol := range GatewayCells {
		g := GatewayCell{Policy: pol, LCGJobs: PublishedJobs[pol][0][1], Completion: publishedSeconds(pol, 0)}
		cells = append(cells, g)
		bytes += float64(g.LCGJobs) * (in + out)
		secs += g.Completion
	}
	return bytes / secs, cells
}

// CalibrationFit is the misfit of one swept background scale: the sum over
// users of the squared relative error of Normal's LCG jobs against Table
// 3 (scaled to the run's jobs per user).
func CalibrationFit(lcgJobs [Users]float64, scale float64) float64 {
	f := 0.0
	for u, v := range lcgJobs {
		pub := float64(PublishedJobs["Normal"][u][1]) * scale
		f += (v - pub) * (v - pub) / (pub * pub)
	}
	return f
}

// publishedSeconds returns Table 4's value in seconds.
func publishedSeconds(policy string, user int) float64 {
	t, err := hms(PublishedCompletion[policy][user])
	if err != nil {
		panic("federation: " + err.Error()) // the table above is a constant
	}
	return t
}
