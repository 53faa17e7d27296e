package interp

// Models of internal packages and leaf functions that run on the host.

func identity(_ *machine, args []value) value { return args[0] }

func init() {
	registerNative("internal/abi.NoEscape", identity)
	nativePrefixes["internal/abi.Escape"] = identity
}
