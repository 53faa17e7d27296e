package vos

import (
	"path"
	"strings"
	"syscall"
)

// The file system calls. Paths relative to a dirfd start at the directory
// it refers to (AtFDCWD: the current directory); times (now) are
// nanoseconds of the caller's clock.

// UtimeOmit is the Nsec of a Timespec given to Utimesat that leaves that
// time as it is (UTIME_OMIT).
const UtimeOmit = (1 << 30) - 2

// dirOf returns the directory a path relative to dirfd starts from.
func (v *Kernel) dirOf(dirfd int) (string, syscall.Errno) {
	if dirfd == AtFDCWD {
		return v.cwd, 0
	}
	f, e := v.file(dirfd)
	if e != 0 {
		return "", e
	}
	if f.kind != vfNode || !f.node.isDir() {
		return "", syscall.ENOTDIR
	}
	return f.path, 0
}

// resolveAt looks up p relative to dirfd.
func (v *Kernel) resolveAt(dirfd int, p string, follow bool) (resolved, syscall.Errno) {
	dir, e := v.dirOf(dirfd)
	if e != 0 {
		return resolved{}, e
	}
	return v.resolve(dir, p, follow)
}

// Cwd returns the current directory.
func (v *Kernel) Cwd() string { return v.cwd }

// Chdir changes the current directory to p.
func (v *Kernel) Chdir(p string) syscall.Errno { return v.chdir(v.cwd, p) }

// Fchdir changes the current directory to the directory fd.
func (v *Kernel) Fchdir(fd int) syscall.Errno {
	f, e := v.file(fd)
	if e != 0 {
		return e
	}
	if f.kind != vfNode {
		return syscall.ENOTDIR
	}
	return v.chdir("/", f.path)
}

// chdir changes the current directory to p (relative to dir).
func (v *Kernel) chdir(dir, p string) syscall.Errno {
	r, e := v.resolve(dir, p, true)
	switch {
	case e != 0:
		return e
	case r.node == nil:
		return syscall.ENOENT
	case !r.node.isDir():
		return syscall.ENOTDIR
	}
	v.cwd = path.Clean(r.path)
	return 0
}

// Openat is openat(2): it opens p with flags (O_CREAT with perm, O_EXCL,
// O_TRUNC, O_APPEND, O_NOFOLLOW, O_DIRECTORY, O_NONBLOCK) on the lowest
// free descriptor. A real file opened for writing is copied into memory.
func (v *Kernel) Openat(dirfd int, p string, flags int, perm uint32, now int64) (int, syscall.Errno) {
	dir, e := v.dirOf(dirfd)
	if e != 0 {
		return -1, e
	}
	f, e := v.open(dir, p, flags, perm, now)
	if e != 0 {
		return -1, e
	}
	return v.alloc(f), 0
}

// Fstatat is fstatat(2): the status of p, following a final symbolic link
// with follow.
func (v *Kernel) Fstatat(dirfd int, p string, follow bool) (syscall.Stat_t, syscall.Errno) {
	r, e := v.resolveAt(dirfd, p, follow)
	if e != 0 {
		return syscall.Stat_t{}, e
	}
	if r.node == nil {
		return syscall.Stat_t{}, syscall.ENOENT
	}
	return r.node.stat(), 0
}

// Fstat is fstat(2).
func (v *Kernel) Fstat(fd int) (syscall.Stat_t, syscall.Errno) {
	f, e := v.file(fd)
	if e != 0 {
		return syscall.Stat_t{}, e
	}
	return f.fstat(), 0
}

// Seek is lseek(2) (ESPIPE on anything but a file).
func (v *Kernel) Seek(fd int, off int64, whence int) (int64, syscall.Errno) {
	f, e := v.file(fd)
	if e != 0 {
		return 0, e
	}
	return f.seek(off, whence)
}

// Getdents fills buf with the next entries of the directory fd as
// linux_dirent64 records, in name order, and returns the bytes used.
func (v *Kernel) Getdents(fd int, buf []byte) (int, syscall.Errno) {
	f, e := v.file(fd)
	if e != 0 {
		return 0, e
	}
	return f.getdents(buf)
}

// Mkdirat is mkdirat(2).
func (v *Kernel) Mkdirat(dirfd int, p string, perm uint32, now int64) syscall.Errno {
	dir, e := v.dirOf(dirfd)
	if e != 0 {
		return e
	}
	return v.mkdir(dir, p, perm, now)
}

// Unlinkat is unlinkat(2): it removes the file p, or with rmdir the empty
// directory p.
func (v *Kernel) Unlinkat(dirfd int, p string, rmdir bool, now int64) syscall.Errno {
	dir, e := v.dirOf(dirfd)
	if e != 0 {
		return e
	}
	return v.unlink(dir, p, rmdir, now)
}

// Rename is rename(2), paths relative to the current directory.
func (v *Kernel) Rename(from, to string, now int64) syscall.Errno {
	return v.rename(v.cwd, from, to, now)
}

// Renameat is renameat(2).
func (v *Kernel) Renameat(fromfd int, from string, tofd int, to string, now int64) syscall.Errno {
	fromDir, e := v.dirOf(fromfd)
	if e != 0 {
		return e
	}
	toDir, e := v.dirOf(tofd)
	if e != 0 {
		return e
	}
	return v.rename("/", joinDir(fromDir, from), joinDir(toDir, to), now)
}

// joinDir returns p relative to the directory dir.
func joinDir(dir, p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	return dir + "/" + p
}

// Symlinkat is symlinkat(2): it makes the symbolic link p to target.
func (v *Kernel) Symlinkat(target string, dirfd int, p string, now int64) syscall.Errno {
	dir, e := v.dirOf(dirfd)
	if e != 0 {
		return e
	}
	return v.symlink(dir, target, p, now)
}

// symlink makes the symbolic link p to target.
func (v *Kernel) symlink(dir, target, p string, now int64) syscall.Errno {
	r, e := v.resolve(dir, p, false)
	switch {
	case e != 0:
		return e
	case r.node != nil:
		return syscall.EEXIST
	}
	n := v.newNode(syscall.S_IFLNK|0o777, now)
	n.target = target
	n.st.Size = int64(len(target))
	r.parent.kids[r.name] = n
	r.parent.touch(now)
	return 0
}

// Linkat is linkat(2): it makes the hard link to of the file from.
func (v *Kernel) Linkat(fromfd int, from string, tofd int, to string, now int64) syscall.Errno {
	fromDir, e := v.dirOf(fromfd)
	if e != 0 {
		return e
	}
	toDir, e := v.dirOf(tofd)
	if e != 0 {
		return e
	}
	return v.link(fromDir, from, toDir, to, now)
}

// link makes the hard link to of the file from.
func (v *Kernel) link(fromDir, from, toDir, to string, now int64) syscall.Errno {
	a, e := v.resolve(fromDir, from, false)
	if e != 0 {
		return e
	}
	if a.node == nil {
		return syscall.ENOENT
	}
	if a.node.isDir() {
		return syscall.EPERM
	}
	b, e := v.resolve(toDir, to, false)
	switch {
	case e != 0:
		return e
	case b.node != nil:
		return syscall.EEXIST
	}
	n := a.parent.adopt(a.name, a.node)
	n.contents()
	n.st.Nlink++
	b.parent.kids[b.name] = n
	b.parent.touch(now)
	return 0
}

// Readlinkat is readlinkat(2): the target of the symbolic link p.
func (v *Kernel) Readlinkat(dirfd int, p string) (string, syscall.Errno) {
	r, e := v.resolveAt(dirfd, p, false)
	switch {
	case e != 0:
		return "", e
	case r.node == nil:
		return "", syscall.ENOENT
	case !r.node.isSymlink():
		return "", syscall.EINVAL
	}
	return r.node.target, 0
}

// Chmodat sets the permissions of p (the run's user must own it, or be
// root).
func (v *Kernel) Chmodat(dirfd int, p string, mode uint32, follow bool, now int64) syscall.Errno {
	r, e := v.resolveAt(dirfd, p, follow)
	switch {
	case e != 0:
		return e
	case r.node == nil:
		return syscall.ENOENT
	case r.node.st.Uid != uint32(syscall.Geteuid()) && syscall.Geteuid() != 0:
		return syscall.EPERM
	}
	n := r.node
	if r.parent != nil && n != v.fs.root {
		n = r.parent.adopt(r.name, n)
	}
	n.st.Mode = n.st.Mode&syscall.S_IFMT | mode&0o7777
	n.st.Ctim = syscall.NsecToTimespec(now)
	return 0
}

// Fchmod sets the permissions of the file fd (on other descriptors it
// changes nothing).
func (v *Kernel) Fchmod(fd int, mode uint32, now int64) syscall.Errno {
	f, e := v.file(fd)
	if e != 0 {
		return e
	}
	if f.kind != vfNode {
		return 0
	}
	f.node.st.Mode = f.node.st.Mode&syscall.S_IFMT | mode&0o7777
	f.node.st.Ctim = syscall.NsecToTimespec(now)
	return 0
}

// Chownat changes nothing: files keep the run's user; only root may give
// them to another user (uid; -1: unchanged), others fail with EPERM.
func (v *Kernel) Chownat(dirfd int, p string, follow bool, uid int) syscall.Errno {
	r, e := v.resolveAt(dirfd, p, follow)
	switch {
	case e != 0:
		return e
	case r.node == nil:
		return syscall.ENOENT
	}
	if uid != -1 && uid != syscall.Geteuid() && syscall.Geteuid() != 0 {
		return syscall.EPERM
	}
	return 0
}

// Utimesat sets the access and modification times of p from times, which
// must hold two (a Nsec of UtimeOmit leaves that time alone).
func (v *Kernel) Utimesat(dirfd int, p string, times []syscall.Timespec, follow bool) syscall.Errno {
	r, e := v.resolveAt(dirfd, p, follow)
	switch {
	case e != 0:
		return e
	case r.node == nil:
		return syscall.ENOENT
	}
	n := r.node
	if r.parent != nil && n != v.fs.root {
		n = r.parent.adopt(r.name, n)
	}
	if len(times) != 2 {
		return syscall.EINVAL
	}
	if t := times[0]; t.Nsec != UtimeOmit {
		n.st.Atim = t
	}
	if t := times[1]; t.Nsec != UtimeOmit {
		n.st.Mtim = t
	}
	return 0
}

// Truncate is truncate(2) of the file p.
func (v *Kernel) Truncate(p string, size int64, now int64) syscall.Errno {
	f, e := v.open(v.cwd, p, syscall.O_WRONLY, 0, now)
	if e != 0 {
		return e
	}
	return f.node.truncate(size, now)
}

// Ftruncate is ftruncate(2) of the file fd, open for writing.
func (v *Kernel) Ftruncate(fd int, size int64, now int64) syscall.Errno {
	f, e := v.file(fd)
	if e != 0 {
		return e
	}
	if f.kind != vfNode || f.flags&syscall.O_ACCMODE == syscall.O_RDONLY {
		return syscall.EINVAL
	}
	return f.node.truncate(size, now)
}

// Access is access(2): whether the run's user may access p for mode (a
// combination of 4 read, 2 write, 1 search/execute).
func (v *Kernel) Access(p string, mode uint32) syscall.Errno {
	r, e := v.resolve(v.cwd, p, true)
	switch {
	case e != 0:
		return e
	case r.node == nil:
		return syscall.ENOENT
	case !access(r.node, mode&7):
		return syscall.EACCES
	}
	return 0
}
