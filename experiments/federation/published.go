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

// fmtHMS formats seconds as h:mm:ss.
func fmtHMS(sec float64) string {
	if sec != sec {
		return "n/a"
	}
	s := int64(sec + 0.5)
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}

// publishedSeconds returns Table 4's value in seconds.
func publishedSeconds(policy string, user int) float64 {
	t, err := hms(PublishedCompletion[policy][user])
	if err != nil {
		panic("federation: " + err.Error()) // the table above is a constant
	}
	return t
}
