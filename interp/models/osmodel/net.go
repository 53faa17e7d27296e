package osmodel

// Models of package net. The network itself is the virtual OS's: net
// runs from source over its system calls. What is modeled is name
// resolution, which would ask the real machine's DNS servers: under vt,
// IP literals resolve to themselves, names to what the real /etc/hosts
// lists for them, localhost names it does not list and the virtual OS's
// own host name (vos.Hostname) to the loopback addresses, and every other
// lookup is refused at the call site.

import (
	"net/netip"
	"strings"

	"github.com/vtcheck/vt/interp/model"
	"github.com/vtcheck/vt/interp/vos"
)

const (
	whyResolve    = "name resolution of the virtual OS: only localhost and IP literals resolve"
	whyInterfaces = "network interfaces of the virtual OS: none but the run's loopback"
	whyName       = "reads only the name, a string value"
)

var netFuncs = map[string]model.Func{
	"net.runtime_rand":                native(model.NoBody, runtimeRand),
	"(*net.Resolver).lookupIPAddr":    none(control(whyResolve, lookupIPAddr), whyName),
	"(*net.Resolver).lookupHost":      none(control(whyResolve, lookupHost), whyName),
	"(*net.Resolver).lookupCNAME":     none(control(whyResolve, refuseLookup("lookup CNAME of ")), whyRefused),
	"(*net.Resolver).lookupSRV":       none(control(whyResolve, refuseLookup("lookup SRV of ")), whyRefused),
	"(*net.Resolver).lookupMX":        none(control(whyResolve, refuseLookup("lookup MX of ")), whyRefused),
	"(*net.Resolver).lookupNS":        none(control(whyResolve, refuseLookup("lookup NS of ")), whyRefused),
	"(*net.Resolver).lookupTXT":       none(control(whyResolve, refuseLookup("lookup TXT of ")), whyRefused),
	"(*net.Resolver).lookupAddr":      none(control(whyResolve, refuseLookup("lookup address of ")), whyRefused),
	"net.interfaceTable":              control(whyInterfaces, refuseInterfaces),
	"net.interfaceAddrTable":          none(control(whyInterfaces, refuseInterfaces), whyRefused),
	"net.interfaceMulticastAddrTable": none(control(whyInterfaces, refuseInterfaces), whyRefused),
}

// runtimeRand is the runtime's cheap random number (net.runtime_rand,
// os.runtime_rand).
func runtimeRand(m M, _ []V) V { return mkUint(m.Rand()) }

// resolveLoopback returns the addresses of host under the virtual OS, for
// network (its last character 4 or 6 asks for one family): an IP literal,
// the entries of the real /etc/hosts (read-only, as Go's resolver reads
// it first), or, for a localhost name (RFC 6761) or the virtual OS's host
// name that it does not list, the loopback addresses. It reports false
// for every other name.
func resolveLoopback(network, host string) ([]netip.Addr, bool) {
	if a, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{a}, true
	}
	if addrs := hostsFile(host); len(addrs) > 0 {
		return addrs, true
	}
	h := strings.TrimSuffix(strings.ToLower(strings.TrimSuffix(host, ".")), ".localdomain")
	if h != "localhost" && !strings.HasSuffix(h, ".localhost") && h != vos.Hostname {
		return nil, false
	}
	var out []netip.Addr
	v := network[len(network)-1]
	if v != '6' {
		out = append(out, netip.AddrFrom4([4]byte{127, 0, 0, 1}))
	}
	if v != '4' {
		out = append(out, netip.IPv6Loopback())
	}
	return out, true
}

// hostsFile returns the addresses the real /etc/hosts lists for host, in
// its order.
func hostsFile(host string) []netip.Addr {
	name := strings.TrimSuffix(host, ".")
	var out []netip.Addr
	for _, line := range strings.Split(string(vos.HostFile("/etc/hosts")), "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		a, err := netip.ParseAddr(f[0])
		if err != nil {
			continue
		}
		for _, h := range f[1:] {
			if strings.EqualFold(strings.TrimSuffix(h, "."), name) {
				out = append(out, a)
				break
			}
		}
	}
	return out
}

// lookupIPAddr is Resolver.lookupIPAddr(ctx, network, host): the
// addresses as []IPAddr.
func lookupIPAddr(m M, a []V) model.Next {
	network, host := m.String(a[2]), m.String(a[3])
	if host == "" {
		m.Refuse("lookup of an empty host name", "only localhost and IP literals resolve under vt")
	}
	addrs, ok := resolveLoopback(network, host)
	if !ok {
		m.Refuse("lookup "+host, "only localhost and IP literals resolve under vt")
	}
	es := make([]V, len(addrs))
	for i, ad := range addrs {
		ip16 := ad.As16()
		es[i] = m.MakeStruct(m.MakeBytes(append([]byte(nil), ip16[:]...)), m.MakeString(ad.Zone()))
	}
	return done(m.MakeTuple(m.MakeSlice(es), noErr))
}

// lookupHost is Resolver.lookupHost(ctx, host): the addresses as strings.
func lookupHost(m M, a []V) model.Next {
	host := m.String(a[2])
	addrs, ok := resolveLoopback("ip", host)
	if !ok {
		m.Refuse("lookup "+host, "only localhost and IP literals resolve under vt")
	}
	ss := make([]string, len(addrs))
	for i, ad := range addrs {
		ss[i] = ad.String()
	}
	return done(m.MakeTuple(strSlice(m, ss), noErr))
}

// refuseLookup refuses a DNS lookup of the name in the call's last
// argument (after the receiver and the context).
func refuseLookup(what string) model.ControlFunc {
	return func(m M, a []V) model.Next {
		name := ""
		if len(a) > 2 {
			name = m.String(a[len(a)-1])
		}
		m.Refuse(what+name, "the virtual OS has no DNS: only localhost and IP literals resolve under vt")
		return stop
	}
}

// refuseInterfaces refuses reading the machine's network interfaces.
func refuseInterfaces(m M, _ []V) model.Next {
	m.Refuse("reading the network interfaces", "the virtual OS has only loopback sockets, and no interface table")
	return stop
}
