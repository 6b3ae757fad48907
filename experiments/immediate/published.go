package immediate

// PublishedValues are one row cell-group of Tables 3–6: the four metrics of
// one heuristic on one instance, as printed (truncated to 3 decimals).
type PublishedValues struct {
	Makespan, Flowtime, Utilization, Proximity float64
}

// PublishedInstances lists the instances of Tables 3–6 in the paper's row
// order (data file names, under data/braun-hcsp-512x16/).
var PublishedInstances = []string{
	"u_c_hihi.0", "u_c_hilo.0", "u_c_lohi.0", "u_c_lolo.0",
	"u_i_hihi.0", "u_i_hilo.0", "u_i_lohi.0", "u_i_lolo.0",
	"u_s_hihi.0", "u_s_hilo.0", "u_s_lohi.0", "u_s_lolo.0",
}

// PublishedHeuristics lists the tables' columns in the paper's order.
var PublishedHeuristics = []string{"OLB", "MCT", "MET", "SA", "kPB"}

// PublishedMetrics names the tables' metrics, in table order (3, 4, 5, 6).
var PublishedMetrics = []string{"makespan", "flowtime", "utilization", "proximity"}

// Get returns the published value of metric (one of PublishedMetrics).
func (v PublishedValues) Get(metric string) (float64, bool) {
	switch metric {
	case "makespan":
		return v.Makespan, true
	case "flowtime":
		return v.Flowtime, true
	case "utilization":
		return v.Utilization, true
	case "proximity":
		return v.Proximity, true
	}
	return 0, false
}

// Misprint is a published cell that no reading of the method reproduces and
// that is explained by a typesetting slip.
type Misprint struct {
	Instance, Heuristic, Metric string
	Ours                        float64 // our value truncated to 3 decimals
	Why                         string
}

// Misprints are the two cells of Tables 3–6 that differ from our values
// while the other 46 OLB cells (and all 192 others) match to the last digit.
var Misprints = []Misprint{
	{"u_c_lolo.0", "OLB", "flowtime", 1179657.523,
		"Table 4 prints 1189657.523: one digit differs (8 for 7 in the ten-thousands) while all other digits match; makespan, utilisation and proximity of the same schedule match exactly"},
	{"u_i_lolo.0", "OLB", "makespan", 8938.026,
		"Table 3 prints 89380.269: the same digits as 8938.0269 with the decimal point one place right; flowtime, utilisation and proximity of the same schedule match exactly, and utilisation 0.979 implies makespan ≈ 8938"},
}

// Published holds the 240 values of Xhafa, Barolli and Duresi (2007),
// Tables 3 (makespan), 4 (flowtime), 5 (average resource utilisation, Eq. 3)
// and 6 (matching proximity, Eq. 4): instance → heuristic → metrics. The
// paper prints every value truncated (not rounded) to three decimals;
// instance names are the data files' (the paper prints u_c.hihi.0 for
// u_c_hihi.0). Heuristic names are those of internal/sched/mapping; the
// tables' parameters are SA r_l = 0.6, r_h = 0.9 and kPB k = 20%.
var Published = map[string]map[string]PublishedValues{
	"u_c_hihi.0": {
		"OLB": {14376662.175, 1995375910.590, 0.946, 0.217},
		"MCT": {11422624.494, 1815882056.432, 0.953, 0.272},
		"MET": {47472299.429, 4844329725.992, 1.000, 1.000},
		"SA":  {12613221.101, 1846422579.779, 0.890, 0.264},
		"kPB": {12496863.706, 2002538268.654, 0.972, 0.300},
	},
	"u_c_hilo.0": {
		"OLB": {221051.823, 35915700.026, 0.920, 0.364},
		"MCT": {185887.404, 35394474.558, 0.970, 0.410},
		"MET": {1185092.968, 195784905.697, 1.000, 1.000},
		"SA":  {194549.794, 34901832.621, 0.920, 0.413},
		"kPB": {201153.956, 37220460.128, 0.974, 0.464},
	},
	"u_c_lohi.0": {
		"OLB": {477357.019, 66414109.547, 0.928, 0.204},
		"MCT": {378303.624, 65625471.648, 0.969, 0.247},
		"MET": {1453098.003, 156597212.675, 1.000, 1.000},
		"SA":  {426271.390, 63250093.468, 0.832, 0.255},
		"kPB": {400291.050, 66422481.844, 0.969, 0.287},
	},
	"u_c_lolo.0": {
		"OLB": {7306.595, 1189657.523, 0.923, 0.366},
		"MCT": {6360.054, 1193304.135, 0.951, 0.408},
		"MET": {39582.297, 6399549.478, 1.000, 1.000},
		"SA":  {8167.052, 1181075.902, 0.727, 0.416},
		"kPB": {6846.273, 1255064.070, 0.960, 0.463},
	},
	"u_i_hihi.0": {
		"OLB": {26102017.618, 3578545420.915, 0.951, 0.114},
		"MCT": {4413582.982, 591703697.305, 0.932, 0.688},
		"MET": {4508506.791, 369819381.995, 0.628, 1.000},
		"SA":  {4692192.006, 557457024.518, 0.846, 0.713},
		"kPB": {4508655.928, 596857288.709, 0.929, 0.675},
	},
	"u_i_hilo.0": {
		"OLB": {272785.200, 40168914.127, 0.955, 0.278},
		"MCT": {94855.913, 16309961.615, 0.959, 0.796},
		"MET": {96610.481, 12778823.342, 0.750, 1.000},
		"SA":  {102980.982, 15027765.500, 0.816, 0.862},
		"kPB": {93005.897, 16093172.399, 0.954, 0.816},
	},
	"u_i_lohi.0": {
		"OLB": {833605.654, 112209075.410, 0.934, 0.127},
		"MCT": {143816.093, 18954137.704, 0.949, 0.729},
		"MET": {185694.594, 12686655.759, 0.536, 1.000},
		"SA":  {143905.246, 18900796.619, 0.948, 0.730},
		"kPB": {143816.093, 18552145.175, 0.937, 0.739},
	},
	"u_i_lolo.0": {
		"OLB": {89380.269, 1380271.657, 0.979, 0.287},
		"MCT": {3137.350, 545326.248, 0.965, 0.830},
		"MET": {3399.284, 443305.108, 0.740, 1.000},
		"SA":  {3485.290, 498180.120, 0.797, 0.905},
		"kPB": {3122.956, 548765.218, 0.968, 0.831},
	},
	"u_s_hihi.0": {
		"OLB": {19464875.910, 2711172017.693, 0.967, 0.148},
		"MCT": {6693923.896, 964163417.887, 0.928, 0.448},
		"MET": {25162058.136, 1559122316.924, 0.197, 1.000},
		"SA":  {7127729.951, 949405775.550, 0.863, 0.453},
		"kPB": {6514162.148, 907398445.237, 0.928, 0.461},
	},
	"u_s_hilo.0": {
		"OLB": {250362.113, 36996922.147, 0.924, 0.315},
		"MCT": {126587.591, 22357619.927, 0.938, 0.614},
		"MET": {605363.772, 57134246.084, 0.214, 1.000},
		"SA":  {149050.289, 21369485.252, 0.781, 0.626},
		"kPB": {123543.792, 22056448.264, 0.951, 0.620},
	},
	"u_s_lohi.0": {
		"OLB": {603231.467, 83583290.767, 0.961, 0.141},
		"MCT": {186151.286, 27064495.376, 0.953, 0.463},
		"MET": {674689.535, 43054529.545, 0.216, 1.000},
		"SA":  {194318.366, 25883799.205, 0.891, 0.474},
		"kPB": {187955.955, 27266722.451, 0.946, 0.462},
	},
	"u_s_lolo.0": {
		"OLB": {8938.389, 1395727.226, 0.951, 0.308},
		"MCT": {4436.117, 797285.039, 0.951, 0.620},
		"MET": {21042.413, 1973399.444, 0.221, 1.000},
		"SA":  {5836.962, 791072.307, 0.708, 0.633},
		"kPB": {4405.247, 780609.157, 0.950, 0.625},
	},
}
