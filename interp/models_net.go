package interp

// Models of package net. The network itself is the virtual OS's (package
// vos): net runs from source over its system calls. What is modeled
// is name resolution, which would ask the real machine's DNS servers:
// under vt, IP literals resolve to themselves, names to what the real
// /etc/hosts lists for them, localhost names it does not list and the
// virtual OS's own host name (vos.Hostname) to the loopback addresses,
// and every other lookup is refused at the call site.

import (
	"net/netip"
	"strings"

	"github.com/vtcheck/vt/interp/vos"
)

const whyResolve = "name resolution of the virtual OS: only localhost and IP literals resolve"

var netModels = modelTable{
	"net.runtime_rand":                native(noBody, runtimeRand),
	"(*net.Resolver).lookupIPAddr":    control(whyResolve, lookupIPAddr).noMemory("reads only the name, a string value"),
	"(*net.Resolver).lookupHost":      control(whyResolve, lookupHost).noMemory("reads only the name, a string value"),
	"(*net.Resolver).lookupCNAME":     control(whyResolve, refuseLookup("lookup CNAME of ", 2)).noMemory(whyRefused),
	"(*net.Resolver).lookupSRV":       control(whyResolve, refuseLookup("lookup SRV of ", 4)).noMemory(whyRefused),
	"(*net.Resolver).lookupMX":        control(whyResolve, refuseLookup("lookup MX of ", 2)).noMemory(whyRefused),
	"(*net.Resolver).lookupNS":        control(whyResolve, refuseLookup("lookup NS of ", 2)).noMemory(whyRefused),
	"(*net.Resolver).lookupTXT":       control(whyResolve, refuseLookup("lookup TXT of ", 2)).noMemory(whyRefused),
	"(*net.Resolver).lookupAddr":      control(whyResolve, refuseLookup("lookup address of ", 2)).noMemory(whyRefused),
	"net.interfaceTable":              control("network interfaces of the virtual OS: none but the run's loopback", refuseInterfaces),
	"net.interfaceAddrTable":          control("network interfaces of the virtual OS: none but the run's loopback", refuseInterfaces).noMemory(whyRefused),
	"net.interfaceMulticastAddrTable": control("network interfaces of the virtual OS: none but the run's loopback", refuseInterfaces).noMemory(whyRefused),
}

// resolveLoopback returns the addresses of host under the virtual OS, for
// network (its last character 4 or 6 asks for one family): an IP literal,
// the entries of the real /etc/hosts (read-only, as Go's resolver reads
// it first), or, for a localhost name (RFC 6761) or the virtual OS's host
// name that it does not list, the loopback addresses. It reports false for every other name.
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
func lookupIPAddr(fr *frame, a []value, dst int32) *frame {
	m := fr.g.m
	network, host := a[2].str(), a[3].str()
	if host == "" {
		m.refuse(fr, "lookup of an empty host name", "only localhost and IP literals resolve under vt")
	}
	addrs, ok := resolveLoopback(network, host)
	if !ok {
		m.refuse(fr, "lookup "+host, "only localhost and IP literals resolve under vt")
	}
	es := make([]value, len(addrs))
	for i, ad := range addrs {
		ip16 := ad.As16()
		ip := append([]byte(nil), ip16[:]...)
		es[i] = value{r: []value{{r: ip}, strVal(ad.Zone())}}
	}
	return fr.done(dst, tuple(value{r: es}, value{}))
}

// lookupHost is Resolver.lookupHost(ctx, host): the addresses as strings.
func lookupHost(fr *frame, a []value, dst int32) *frame {
	m := fr.g.m
	host := a[2].str()
	addrs, ok := resolveLoopback("ip", host)
	if !ok {
		m.refuse(fr, "lookup "+host, "only localhost and IP literals resolve under vt")
	}
	ss := make([]string, len(addrs))
	for i, ad := range addrs {
		ss[i] = ad.String()
	}
	return fr.done(dst, tuple(strSlice(ss), value{}))
}

// refuseLookup refuses a DNS lookup of the name in the call's argument
// 2 (after the receiver and the context).
func refuseLookup(what string, _ int) controlFn {
	return func(fr *frame, a []value, _ int32) *frame {
		name := ""
		if len(a) > 2 {
			name = a[len(a)-1].str()
		}
		fr.g.m.refuse(fr, what+name, "the virtual OS has no DNS: only localhost and IP literals resolve under vt")
		return nil
	}
}

// refuseInterfaces refuses reading the machine's network interfaces.
func refuseInterfaces(fr *frame, _ []value, _ int32) *frame {
	fr.g.m.refuse(fr, "reading the network interfaces", "the virtual OS has only loopback sockets, and no interface table")
	return nil
}
