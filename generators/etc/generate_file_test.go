package etc

import "testing"

func TestParseName(t *testing.T) {
	for _, meth := range []Method{RangeBased, CVB} {
		for _, s := range Types() {
			s.Method, s.Jobs, s.Machines = meth, 0, 0
			got, err := ParseName(s.Name())
			if err != nil || got != s {
				t.Errorf("ParseName(%q) = %+v, %v; want %+v", s.Name(), got, err, s)
			}
		}
	}
	for _, bad := range []string{"", "u_c_hi", "u_x_hilo", "x_c_hilo", "u_c_hihi_", "u_consistent_hihi", "u_c_himd", "u-c-hilo"} {
		if _, err := ParseName(bad); err == nil {
			t.Errorf("ParseName(%q) succeeded", bad)
		}
	}
}
