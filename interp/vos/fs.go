package vos

// The file system of the kernel: a copy-on-write overlay over the real
// one. Reads fall through to the real file system; every change (create,
// write, rename, remove, chmod, a bound unix socket) lives in an in-memory
// layer of the kernel, which Clone copies, so executions never see each
// other's files and the real disk is never changed.
//
// A node of the in-memory layer that shows a real file or directory keeps
// its real path (host): a directory lists its real entries under its own
// (in-memory entries, and whiteouts that hide removed real ones); a file
// reads the real contents until it is first written, when they are copied.

import (
	"os"
	"path"
	"slices"
	"strings"
	"sync"
	"syscall"
)

// fileSystem is the file system of a virtual OS.
type fileSystem struct {
	root *inode // "/": shows the real root under the in-memory layer
}

// inode is a file, directory, symbolic link or socket.
type inode struct {
	st   syscall.Stat_t // its status; Size is kept up to date for files
	host string         // the real path it shows ("" for nodes made in memory)
	// data is a regular file's contents, once loaded (loaded) from host;
	// shared says a clone shares the slice, which a write copies first.
	data   []byte
	loaded bool
	shared bool
	// kids are a directory's entries in the in-memory layer (nil: none
	// yet, the node is not in the layer's tree); a whiteout hides a real
	// entry of the same name.
	kids     map[string]*inode
	whiteout bool
	target   string  // symbolic link: its target
	sock     *socket // a bound unix socket
}

func newFileSystem() *fileSystem {
	root := &inode{host: "/", kids: map[string]*inode{}}
	if st, ok := hostLstat("/"); ok {
		root.st = st
	}
	return &fileSystem{root: root}
}

func (n *inode) isDir() bool     { return n.st.Mode&syscall.S_IFMT == syscall.S_IFDIR }
func (n *inode) isReg() bool     { return n.st.Mode&syscall.S_IFMT == syscall.S_IFREG }
func (n *inode) isSymlink() bool { return n.st.Mode&syscall.S_IFMT == syscall.S_IFLNK }

// clone copies the in-memory layer: the tree below the root and the nodes
// open descriptors refer to.
func (fs *fileSystem) clone(cl *copier) *fileSystem {
	return &fileSystem{root: cl.node(fs.root)}
}

func (cl *copier) node(n *inode) *inode {
	if n == nil {
		return nil
	}
	if c, ok := cl.nodes[n]; ok {
		return c
	}
	c := *n
	cl.nodes[n] = &c
	if n.data != nil {
		n.shared, c.shared = true, true
	}
	if n.kids != nil {
		c.kids = make(map[string]*inode, len(n.kids))
		for name, k := range n.kids {
			c.kids[name] = cl.node(k)
		}
	}
	c.sock = cl.sock(n.sock)
	return &c
}

// --- the real file system, read-only ---

// hostLstat returns the status of the real path p (not following a final
// symbolic link).
func hostLstat(p string) (syscall.Stat_t, bool) {
	var st syscall.Stat_t
	if err := syscall.Lstat(p, &st); err != nil {
		return st, false
	}
	return st, true
}

// hostFiles caches the contents of real files read by runs: every
// execution reads the same bytes once read.
var hostFiles struct {
	sync.Mutex
	m map[string][]byte
}

// HostFile returns the contents of the real file p (nil if it cannot be
// read), read once per process: every kernel, and every execution, sees
// the same bytes. The caller must not change them.
func HostFile(p string) []byte {
	hostFiles.Lock()
	defer hostFiles.Unlock()
	if b, ok := hostFiles.m[p]; ok {
		return b
	}
	b, _ := os.ReadFile(p)
	if hostFiles.m == nil {
		hostFiles.m = map[string][]byte{}
	}
	hostFiles.m[p] = b
	return b
}

// hostNode returns a node showing the real path p, if it exists.
func hostNode(p string) *inode {
	st, ok := hostLstat(p)
	if !ok {
		return nil
	}
	n := &inode{st: st, host: p}
	if n.isSymlink() {
		n.target, _ = os.Readlink(p)
	}
	return n
}

// contents returns a regular file's contents.
func (n *inode) contents() []byte {
	if !n.loaded {
		n.loaded = true
		if n.host != "" && n.isReg() {
			n.data = HostFile(n.host)
			n.shared = true
		}
	}
	return n.data
}

// writable returns the contents of a regular file, to be changed in place.
func (n *inode) writable() []byte {
	d := n.contents()
	if n.shared {
		n.data = slices.Clone(d)
		n.shared = false
	}
	return n.data
}

// --- lookups ---

// child returns the entry name of directory dir, or nil.
func (dir *inode) child(name string) *inode {
	if dir.kids != nil {
		if k, ok := dir.kids[name]; ok {
			if k.whiteout {
				return nil
			}
			return k
		}
	}
	if dir.host != "" {
		return hostNode(path.Join(dir.host, name))
	}
	return nil
}

// adopt puts the child n of dir (a directory of the layer's tree) into
// the tree, so that it can be changed, and returns it.
func (dir *inode) adopt(name string, n *inode) *inode {
	if k, ok := dir.kids[name]; ok && k == n {
		if n.isDir() && n.kids == nil {
			n.kids = map[string]*inode{}
		}
		return n
	}
	if n.isDir() && n.kids == nil {
		n.kids = map[string]*inode{}
	}
	dir.kids[name] = n
	return n
}

// resolved is the result of a path lookup.
type resolved struct {
	node   *inode // the file, nil if it does not exist (then parent and name say where it would be)
	parent *inode // its directory, in the layer's tree
	name   string // its name in parent
	path   string // its absolute path, symbolic links resolved
}

// resolve looks up p (relative paths from dir, an absolute directory
// path). With follow, a final symbolic link is followed. Every directory
// on the way becomes part of the in-memory layer's tree (cheap: a node
// that shows its real directory), so that the result can be changed.
func (v *Kernel) resolve(dir, p string, follow bool) (resolved, syscall.Errno) {
	if p == "" {
		return resolved{}, syscall.ENOENT
	}
	if !strings.HasPrefix(p, "/") {
		p = dir + "/" + p
	}
	stack := []pathStep{{v.fs.root, ""}}
	comps := strings.Split(p, "/")
	links := 0
	for i := 0; i < len(comps); i++ {
		c := comps[i]
		if c == "" || c == "." {
			continue
		}
		if c == ".." {
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
			continue
		}
		cur := stack[len(stack)-1].n
		if !cur.isDir() {
			return resolved{}, syscall.ENOTDIR
		}
		last := true
		for _, r := range comps[i+1:] {
			if r != "" && r != "." {
				last = false
				break
			}
		}
		k := cur.child(c)
		if k == nil {
			if !last {
				return resolved{}, syscall.ENOENT
			}
			return resolved{parent: cur, name: c, path: stackPath(stack, c)}, 0
		}
		if k.isSymlink() && (!last || follow) {
			links++
			if links > 40 {
				return resolved{}, syscall.ELOOP
			}
			rest := append(strings.Split(k.target, "/"), comps[i+1:]...)
			if strings.HasPrefix(k.target, "/") {
				stack = stack[:1]
			}
			comps, i = rest, -1
			continue
		}
		if k.isDir() {
			k = cur.adopt(c, k)
		}
		if last {
			return resolved{node: k, parent: cur, name: c, path: stackPath(stack, c)}, 0
		}
		stack = append(stack, pathStep{k, c})
	}
	top := stack[len(stack)-1]
	parent := v.fs.root
	if len(stack) > 1 {
		parent = stack[len(stack)-2].n
	}
	return resolved{node: top.n, parent: parent, name: top.name, path: stackPath(stack[:len(stack)-1], top.name)}, 0
}

// pathStep is a directory a lookup went through, and its name.
type pathStep struct {
	n    *inode
	name string
}

// stackPath joins the names of a lookup's directories and name.
func stackPath(stack []pathStep, name string) string {
	var sb strings.Builder
	for _, st := range stack[1:] {
		sb.WriteString("/")
		sb.WriteString(st.name)
	}
	if name != "" {
		sb.WriteString("/")
		sb.WriteString(name)
	}
	if sb.Len() == 0 {
		return "/"
	}
	return sb.String()
}

// --- operations ---

// vosDev is the device number of files made in memory and of pipes and
// sockets.
const vosDev = 0x7674 // "vt"

// newNode returns a new node of the in-memory layer with mode (type and
// permissions), made at time now (virtual nanoseconds).
func (v *Kernel) newNode(mode uint32, now int64) *inode {
	v.nextIno++
	n := &inode{loaded: true}
	n.st.Ino = v.nextIno
	n.st.Dev = vosDev
	n.st.Mode = mode
	n.st.Nlink = 1
	n.st.Uid, n.st.Gid = uint32(os.Getuid()), uint32(os.Getgid())
	n.st.Blksize = 4096
	if mode&syscall.S_IFMT == syscall.S_IFDIR {
		n.kids = map[string]*inode{}
		n.st.Nlink = 2
		n.st.Size = 4096
	}
	n.touch(now)
	n.st.Atim = n.st.Mtim
	return n
}

// touch sets n's modification (and change) time to now.
func (n *inode) touch(now int64) {
	n.st.Mtim = syscall.NsecToTimespec(now)
	n.st.Ctim = n.st.Mtim
}

// stat returns n's status.
func (n *inode) stat() syscall.Stat_t {
	st := n.st
	if n.isReg() && n.loaded {
		st.Size = int64(len(n.data))
		st.Blocks = (st.Size + 511) / 512
	}
	return st
}

// access reports whether the run's user may access n for want (a
// combination of 4 read, 2 write, 1 search/execute), by n's permission
// bits as the kernel checks them (root may do anything).
func access(n *inode, want uint32) bool {
	uid := uint32(os.Geteuid())
	if uid == 0 {
		return true
	}
	perm := n.st.Mode & 0o777
	switch {
	case n.st.Uid == uid:
		perm >>= 6
	case n.st.Gid == uint32(os.Getegid()):
		perm >>= 3
	}
	return perm&want == want
}

// remove takes the entry name out of dir: a whiteout hides a real entry.
func (dir *inode) remove(name string) {
	if dir.host != "" {
		dir.kids[name] = &inode{whiteout: true}
		return
	}
	delete(dir.kids, name)
}

// open opens p (relative to dir) with flags and, for a new file, perm.
func (v *Kernel) open(dir, p string, flags int, perm uint32, now int64) (*openFile, syscall.Errno) {
	r, e := v.resolve(dir, p, flags&syscall.O_NOFOLLOW == 0)
	if e != 0 {
		return nil, e
	}
	acc := flags & syscall.O_ACCMODE
	n := r.node
	if n == nil {
		switch {
		case flags&syscall.O_CREAT == 0:
			return nil, syscall.ENOENT
		case strings.HasSuffix(p, "/"):
			return nil, syscall.EISDIR
		case !access(r.parent, 3):
			return nil, syscall.EACCES
		}
		n = v.newNode(syscall.S_IFREG|perm&0o7777&^v.umask, now)
		r.parent.kids[r.name] = n
		r.parent.touch(now)
	} else {
		switch {
		case flags&(syscall.O_CREAT|syscall.O_EXCL) == syscall.O_CREAT|syscall.O_EXCL:
			return nil, syscall.EEXIST
		case n.isSymlink():
			return nil, syscall.ELOOP
		case flags&syscall.O_DIRECTORY != 0 && !n.isDir():
			return nil, syscall.ENOTDIR
		case n.isDir() && acc != syscall.O_RDONLY:
			return nil, syscall.EISDIR
		case n.st.Mode&syscall.S_IFMT == syscall.S_IFSOCK:
			return nil, syscall.ENXIO
		case acc != syscall.O_WRONLY && !access(n, 4), acc != syscall.O_RDONLY && !access(n, 2):
			return nil, syscall.EACCES
		}
		if n.isReg() && (acc != syscall.O_RDONLY || flags&syscall.O_TRUNC != 0) {
			n = r.parent.adopt(r.name, n)
			if flags&syscall.O_TRUNC != 0 && acc != syscall.O_RDONLY {
				n.contents()
				n.data, n.shared = nil, false
				n.touch(now)
			}
		}
	}
	return &openFile{kind: vfNode, node: n, path: r.path, refs: 1,
		flags: flags & (syscall.O_ACCMODE | syscall.O_APPEND | syscall.O_NONBLOCK)}, 0
}

// mkdir makes the directory p.
func (v *Kernel) mkdir(dir, p string, perm uint32, now int64) syscall.Errno {
	r, e := v.resolve(dir, p, false)
	switch {
	case e != 0:
		return e
	case r.node != nil:
		return syscall.EEXIST
	case !access(r.parent, 3):
		return syscall.EACCES
	}
	r.parent.kids[r.name] = v.newNode(syscall.S_IFDIR|perm&0o7777&^v.umask, now)
	r.parent.st.Nlink++
	r.parent.touch(now)
	return 0
}

// unlink removes the file p (rmdir: the empty directory p).
func (v *Kernel) unlink(dir, p string, rmdir bool, now int64) syscall.Errno {
	r, e := v.resolve(dir, p, false)
	switch {
	case e != 0:
		return e
	case r.node == nil:
		return syscall.ENOENT
	case r.node == v.fs.root:
		return syscall.EBUSY
	case rmdir && !r.node.isDir():
		return syscall.ENOTDIR
	case !rmdir && r.node.isDir():
		return syscall.EISDIR
	case rmdir && len(r.node.list()) > 0:
		return syscall.ENOTEMPTY
	case !access(r.parent, 3):
		return syscall.EACCES
	}
	r.parent.remove(r.name)
	r.node.st.Nlink--
	if rmdir {
		r.parent.st.Nlink--
	}
	r.parent.touch(now)
	return 0
}

// rename renames from to to, as rename(2).
func (v *Kernel) rename(dir, from, to string, now int64) syscall.Errno {
	a, e := v.resolve(dir, from, false)
	if e != 0 {
		return e
	}
	if a.node == nil {
		return syscall.ENOENT
	}
	b, e := v.resolve(dir, to, false)
	if e != 0 {
		return e
	}
	n := a.node
	if b.node == n {
		return 0
	}
	if !access(a.parent, 3) || !access(b.parent, 3) {
		return syscall.EACCES
	}
	if n.isDir() {
		if strings.HasPrefix(b.path+"/", a.path+"/") {
			return syscall.EINVAL
		}
		if b.node != nil && !b.node.isDir() {
			return syscall.ENOTDIR
		}
		if b.node != nil && len(b.node.list()) > 0 {
			return syscall.ENOTEMPTY
		}
	} else if b.node != nil && b.node.isDir() {
		return syscall.EISDIR
	}
	n.contents()
	if n.isDir() && n.kids == nil {
		n.kids = map[string]*inode{}
	}
	a.parent.remove(a.name)
	b.parent.kids[b.name] = n
	if n.isDir() && a.parent != b.parent {
		a.parent.st.Nlink--
		b.parent.st.Nlink++
	}
	n.st.Ctim = syscall.NsecToTimespec(now)
	a.parent.touch(now)
	b.parent.touch(now)
	return 0
}

// dirent is an entry of a directory listing.
type dirent struct {
	name string
	typ  uint8 // syscall.DT_*
	ino  uint64
}

// list returns the entries of directory n, sorted by name: its real ones
// under those of the in-memory layer.
func (n *inode) list() []dirent {
	ents := map[string]dirent{}
	if n.host != "" {
		des, _ := os.ReadDir(n.host)
		for _, de := range des {
			ents[de.Name()] = dirent{name: de.Name(), typ: dtOf(uint32(de.Type().Type())), ino: 1}
		}
	}
	for name, k := range n.kids {
		if k.whiteout {
			delete(ents, name)
			continue
		}
		ents[name] = dirent{name: name, typ: dtOf(k.st.Mode), ino: k.st.Ino}
	}
	out := make([]dirent, 0, len(ents))
	for _, d := range ents {
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b dirent) int { return strings.Compare(a.name, b.name) })
	return out
}

// dtOf returns the directory entry type of a mode: a syscall mode (S_IF*)
// or, from os.DirEntry.Type, an fs.FileMode's type bits.
func dtOf(mode uint32) uint8 {
	fm := os.FileMode(mode)
	switch {
	case mode&syscall.S_IFMT == syscall.S_IFDIR, fm&os.ModeDir != 0:
		return syscall.DT_DIR
	case mode&syscall.S_IFMT == syscall.S_IFLNK, fm&os.ModeSymlink != 0:
		return syscall.DT_LNK
	case mode&syscall.S_IFMT == syscall.S_IFSOCK, fm&os.ModeSocket != 0:
		return syscall.DT_SOCK
	case mode&syscall.S_IFMT == syscall.S_IFIFO, fm&os.ModeNamedPipe != 0:
		return syscall.DT_FIFO
	case mode&syscall.S_IFMT == syscall.S_IFCHR, fm&os.ModeCharDevice != 0:
		return syscall.DT_CHR
	case mode&syscall.S_IFMT == syscall.S_IFBLK, fm&os.ModeDevice != 0:
		return syscall.DT_BLK
	}
	return syscall.DT_REG
}

// getdents fills buf with the next entries of the directory f as
// linux_dirent64 records and returns the bytes used.
func (f *openFile) getdents(buf []byte) (int, syscall.Errno) {
	if f.kind != vfNode || !f.node.isDir() {
		return 0, syscall.ENOTDIR
	}
	if f.dir == nil {
		f.dir = f.node.list()
		f.dirOff = 0
	}
	n := 0
	for f.dirOff < len(f.dir) {
		d := f.dir[f.dirOff]
		const nameOff = 19 // offset of d_name in linux_dirent64
		reclen := (nameOff + len(d.name) + 1 + 7) &^ 7
		if n+reclen > len(buf) {
			if n == 0 {
				return 0, syscall.EINVAL
			}
			break
		}
		rec := buf[n : n+reclen]
		clear(rec)
		putUint(rec[0:8], d.ino)
		putUint(rec[8:16], uint64(f.dirOff+1))
		putUint(rec[16:18], uint64(reclen))
		rec[18] = d.typ
		copy(rec[nameOff:], d.name)
		n += reclen
		f.dirOff++
	}
	return n, 0
}

// putUint writes u little-endian into b (the host's byte order: vt runs
// on little-endian machines).
func putUint(b []byte, u uint64) {
	for i := range b {
		b[i] = byte(u >> (8 * i))
	}
}

// readFile reads from the regular file f into p at off (advancing f's
// offset unless at is set).
func (f *openFile) readFile(p []byte, off int64, at bool) (int, syscall.Errno) {
	if f.flags&syscall.O_ACCMODE == syscall.O_WRONLY {
		return 0, syscall.EBADF
	}
	if f.node.isDir() {
		return 0, syscall.EISDIR
	}
	if !at {
		off = f.off
	}
	if f.node.st.Mode&syscall.S_IFMT == syscall.S_IFCHR && f.node.host != "" {
		// The real devices: /dev/zero reads zeros without end, /dev/null
		// is empty; the others (terminals, random sources) are not
		// modeled, and reading them fails rather than reading nothing.
		switch f.node.host {
		case "/dev/zero":
			clear(p)
			return len(p), 0
		case "/dev/null":
			return 0, 0
		}
		return 0, syscall.ENODEV
	}
	data := f.node.contents()
	n := 0
	if off < int64(len(data)) {
		n = copy(p, data[off:])
	}
	if !at {
		f.off += int64(n)
	}
	return n, 0
}

// writeFile writes p to the regular file f at off (at f's offset, or its
// end with O_APPEND, advancing it, unless at is set).
func (f *openFile) writeFile(p []byte, off int64, at bool, now int64) (int, syscall.Errno) {
	if f.flags&syscall.O_ACCMODE == syscall.O_RDONLY {
		return 0, syscall.EBADF
	}
	n := f.node
	data := n.writable()
	if !at {
		off = f.off
		if f.flags&syscall.O_APPEND != 0 {
			off = int64(len(data))
		}
	}
	if end := off + int64(len(p)); end > int64(len(data)) {
		data = append(data, make([]byte, end-int64(len(data)))...)
	}
	copy(data[off:], p)
	n.data = data
	n.touch(now)
	if !at {
		f.off = off + int64(len(p))
	}
	return len(p), 0
}

// truncate sets the size of the regular file n.
func (n *inode) truncate(size int64, now int64) syscall.Errno {
	switch {
	case n.isDir():
		return syscall.EISDIR
	case !n.isReg():
		return syscall.EINVAL
	case size < 0:
		return syscall.EINVAL
	}
	data := n.writable()
	if size <= int64(len(data)) {
		data = data[:size]
	} else {
		data = append(data, make([]byte, size-int64(len(data)))...)
	}
	n.data = data
	n.touch(now)
	return 0
}

// seek sets f's offset as lseek(2).
func (f *openFile) seek(off int64, whence int) (int64, syscall.Errno) {
	if f.kind != vfNode {
		return 0, syscall.ESPIPE
	}
	var base int64
	switch whence {
	case 0:
	case 1:
		base = f.off
	case 2:
		base = f.node.stat().Size
	default:
		return 0, syscall.EINVAL
	}
	if base+off < 0 {
		return 0, syscall.EINVAL
	}
	f.off = base + off
	if f.node.isDir() {
		f.dir, f.dirOff = nil, 0
	}
	return f.off, 0
}

// fstat returns the status of what f refers to.
func (f *openFile) fstat() syscall.Stat_t {
	var st syscall.Stat_t
	switch f.kind {
	case vfNode:
		return f.node.stat()
	case vfStd:
		// Pipes, as a test binary's standard files are under go test (and
		// no terminal: isatty and colour detection see none, as the
		// terminal ioctls say).
		st.Mode = syscall.S_IFIFO | 0o600
		st.Ino = uint64(1 + f.std)
	case vfPipeR, vfPipeW:
		st.Mode = syscall.S_IFIFO | 0o600
		st.Ino = uint64(f.pipe.ino)
	case vfSocket:
		st.Mode = syscall.S_IFSOCK | 0o777
	}
	st.Dev = vosDev
	st.Nlink = 1
	st.Blksize = 4096
	st.Uid, st.Gid = uint32(os.Getuid()), uint32(os.Getgid())
	return st
}
