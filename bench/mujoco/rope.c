// rope.c: MuJoCo peer benchmark for knotsim.
//
// Builds (in memory) an MJCF model of a rope made of N capsules joined by ball joints,
// with self-collision between non-adjacent capsules and a floor plane, runs it with a
// 1 ms timestep, and prints one JSON line with throughput and worst interpenetration.
//
// Only MuJoCo's public C API is used (mujoco/mujoco.h, MuJoCo 2.2.x).
//
// Usage: rope N STEPS MODE [TIMECONST [MAX_SECONDS]]
//   MODE = loose : straight rope lying on the floor
//   MODE = tight : rope wound into a compact multi-layer coil (a spool) standing on the
//                  floor, so that neighbouring turns and layers touch; it then slumps
//                  under gravity with many self-contacts.
//   TIMECONST    : contact solref time constant [s]; default 0.02 (MuJoCo's default).
//                  0.002 (= 2 x timestep, the stiffest MuJoCo allows) gives stiffer contacts.
//   MAX_SECONDS  : optional wall-time budget; the run stops early (and reports the
//                  number of steps actually taken) if it is exceeded.
//
// Peer scenes of knotsim's physical solver pbd (issue 10; see README.md), no floor:
//   rope 100 STEPS coil [TIMECONST [MAX_SECONDS]]
//        helix of radius 3 cm, turns touching (pitch 2.05 R), both end points held by
//        connect equalities to the world, gravity along the axis, self-collision.
//   rope 1000 STEPS knot [TIMECONST [MAX_SECONDS [CURVE_FILE]]]
//        tight overhand knot read from CURVE_FILE (default overhand1000.txt next to the
//        binary), both end points held, no gravity, self-collision.
//   rope 20 STEPS pendulum [Euler|implicit|RK4 [MAX_SECONDS]]
//        seed 004's energy test: 1 m, 10 g thread pinned at the top (ball joint), no
//        damping, no contacts; prints total energy (mjData.energy) start/min/max/final.
//   Environment overrides for experiments: PEER_CHAIN=0|1 (free capsules + connect
//   equalities / nested ball-joint chain), PEER_SOLVER, PEER_INTEGRATOR, PEER_EQ_TC
//   (connect solref time constant, default 0.002), PEER_COLLIDE, PEER_GRAVITY,
//   PEER_HOLD_END, PEER_ARMATURE, PEER_DUMP_XML=1 (print the MJCF to stderr).
//
// Geometry (SI, after Brown, Latombe & Montgomery 2004, links of unit length, R = 0.5):
//   link length L = 0.01 m, capsule radius R = 0.005 m (R = L/2).
//   Capsule i is the segment from joint i to joint i+1, so the chain of capsules is
//   gap-free; capsules i and i+1 (adjacent, parent/child bodies) never collide.
//   "Non-adjacent" means |i-j| >= 2, as in knotsim's rope.State.Adjacent.
//   Note: with R = L/2, capsules i and i+2 are exactly touching (distance 0) whenever
//   the bend angles are <= 90 degrees, so they are reported separately as well.

#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include <mujoco/mujoco.h>

#define LINK 0.01    // link length L [m]
#define RAD  0.005   // capsule radius R [m]
#define CHUNK 40     // bodies per XML file: tinyxml2 (used by MuJoCo) limits element
                     // nesting depth to ~100, so the nested body chain is split into
                     // files that <include> each other.

// ---------------------------------------------------------------- small string buffer
typedef struct { char* s; size_t n, cap; } sbuf;

static void sb_printf(sbuf* b, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static void sb_printf(sbuf* b, const char* fmt, ...) {
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    size_t room = b->cap - b->n;
    int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? room : 0, fmt, ap);
    va_end(ap);
    if (k < 0) { fprintf(stderr, "vsnprintf failed\n"); exit(1); }
    if (b->s && (size_t)k < room) { b->n += (size_t)k; return; }
    size_t nc = b->cap ? b->cap * 2 : 4096;
    while (nc < b->n + (size_t)k + 1) nc *= 2;
    b->s = realloc(b->s, nc);
    if (!b->s) { fprintf(stderr, "out of memory\n"); exit(1); }
    b->cap = nc;
  }
}

// ---------------------------------------------------------------- vector / quaternion helpers
static double dot3(const double a[3], const double b[3]) { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2]; }
static double norm3(const double a[3]) { return sqrt(dot3(a, a)); }
static void cross3(double r[3], const double a[3], const double b[3]) {
  r[0] = a[1]*b[2] - a[2]*b[1];
  r[1] = a[2]*b[0] - a[0]*b[2];
  r[2] = a[0]*b[1] - a[1]*b[0];
}
static void qmul(double r[4], const double a[4], const double b[4]) {
  double t[4] = {
    a[0]*b[0] - a[1]*b[1] - a[2]*b[2] - a[3]*b[3],
    a[0]*b[1] + a[1]*b[0] + a[2]*b[3] - a[3]*b[2],
    a[0]*b[2] - a[1]*b[3] + a[2]*b[0] + a[3]*b[1],
    a[0]*b[3] + a[1]*b[2] - a[2]*b[1] + a[3]*b[0]};
  memcpy(r, t, sizeof t);
}
static void qconj(double r[4], const double a[4]) { r[0] = a[0]; r[1] = -a[1]; r[2] = -a[2]; r[3] = -a[3]; }
static void qnormalize(double q[4]) {
  double n = sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]);
  for (int k = 0; k < 4; k++) q[k] /= n;
}
// minimal rotation taking unit vector a to unit vector b
static void qfromto(double q[4], const double a[3], const double b[3]) {
  double c = dot3(a, b), ax[3];
  cross3(ax, a, b);
  if (c < -1 + 1e-12) {  // antiparallel: rotate pi about any axis perpendicular to a
    double e[3] = {1, 0, 0};
    if (fabs(a[0]) > 0.9) { e[0] = 0; e[1] = 1; }
    cross3(ax, a, e);
    double n = norm3(ax);
    q[0] = 0; q[1] = ax[0]/n; q[2] = ax[1]/n; q[3] = ax[2]/n;
    return;
  }
  q[0] = 1 + c; q[1] = ax[0]; q[2] = ax[1]; q[3] = ax[2];
  qnormalize(q);
}

// ---------------------------------------------------------------- initial centre lines
// Joint positions p[0..n] (n+1 points, consecutive distance exactly LINK).

static void line_loose(double* p, int n) {
  for (int i = 0; i <= n; i++) {
    p[3*i+0] = (i - 0.5*n) * LINK;
    p[3*i+1] = 0;
    p[3*i+2] = RAD;  // capsules resting on the floor (distance 0)
  }
}

// Compact multi-layer coil (a spool): layer k is a helix of radius rho_k whose turns are
// stacked with pitch slightly more than 2R, going up for even k and down for odd k; layer
// k+1 is wound around layer k with radial clearance slightly more than 2R. The helix is
// sampled densely and the joint points are placed at exact chord length LINK along it.
typedef struct { double rho, z0, dir; double phi0; } layer_t;

static void coil_point(double out[3], double rho, double phi, double z) {
  out[0] = rho * cos(phi); out[1] = rho * sin(phi); out[2] = z;
}

static void line_tight(double* p, int n) {
  const double clear = 1.02;          // 2% clearance so the initial state has no overlap
  const double rho0 = 2.0 * LINK;     // inner radius: bend ~29 deg per joint
  int turns = (int)lround(0.6 * cbrt((double)n));
  if (turns < 3) turns = 3;
  // pitch of a chord-polygon helix: perpendicular distance between turns must be >= 2R
  // even though the chords are tilted; use the innermost (steepest) layer's tilt.
  double tilt = atan(2*RAD*clear / (2*M_PI*rho0));
  double pitch = 2*RAD*clear / cos(tilt);
  double zlo = RAD * 1.05;           // bottom turn 0.25 mm above the floor
  double height = turns * pitch;

  // dense parametric curve walk: state (layer, phi, z); advance in small arc steps
  int k = 0;
  double rho = rho0, phi = 0, z = zlo, dir = +1;
  double zend = zlo + height;
  double prev[3], cur[3];
  coil_point(p, rho, phi, z);
  int idx = 1;
  coil_point(prev, rho, phi, z);
  const double ds = LINK / 200;
  while (idx <= n) {
    // advance along the current layer
    double dphi = ds / rho;
    double dz = dir * pitch * dphi / (2*M_PI);
    double nphi = phi + dphi, nz = z + dz;
    int layer_done = (dir > 0) ? (nz >= zend) : (nz <= zlo);
    if (layer_done) {
      // move radially outward to the next layer; its radius is chosen so that the
      // chords of the outer layer (which cut inside its circle by the sagitta) still
      // clear the inner layer by 2R.
      double target = rho + 2*RAD*clear;
      double r2 = target;
      for (int it = 0; it < 50; it++) r2 = target / cos(LINK / (2*r2));
      double steps = ceil((r2 - rho) / ds);
      for (int s = 1; s <= steps && idx <= n; s++) {
        double rr = rho + (r2 - rho) * s / steps;
        coil_point(cur, rr, phi, z);
        // place joint points on this straight radial piece
        double* last = p + 3*(idx-1);
        double d = sqrt((cur[0]-last[0])*(cur[0]-last[0]) + (cur[1]-last[1])*(cur[1]-last[1]) + (cur[2]-last[2])*(cur[2]-last[2]));
        if (d >= LINK) {
          // solve |prev + t (cur-prev) - last| = LINK for t in [0,1]
          double a[3] = {cur[0]-prev[0], cur[1]-prev[1], cur[2]-prev[2]};
          double b[3] = {prev[0]-last[0], prev[1]-last[1], prev[2]-last[2]};
          double A = dot3(a, a), B = 2*dot3(a, b), C = dot3(b, b) - LINK*LINK;
          double t = (-B + sqrt(B*B - 4*A*C)) / (2*A);
          for (int c = 0; c < 3; c++) p[3*idx+c] = prev[c] + t*a[c];
          idx++;
        }
        memcpy(prev, cur, sizeof cur);
      }
      rho = r2; dir = -dir; k++;
      continue;
    }
    phi = nphi; z = nz;
    coil_point(cur, rho, phi, z);
    double* last = p + 3*(idx-1);
    double e[3] = {cur[0]-last[0], cur[1]-last[1], cur[2]-last[2]};
    if (norm3(e) >= LINK) {
      double a[3] = {cur[0]-prev[0], cur[1]-prev[1], cur[2]-prev[2]};
      double b[3] = {prev[0]-last[0], prev[1]-last[1], prev[2]-last[2]};
      double A = dot3(a, a), B = 2*dot3(a, b), C = dot3(b, b) - LINK*LINK;
      double t = (-B + sqrt(B*B - 4*A*C)) / (2*A);
      for (int c = 0; c < 3; c++) p[3*idx+c] = prev[c] + t*a[c];
      idx++;
    }
    memcpy(prev, cur, sizeof cur);
  }
  (void)k;
}

// ---------------------------------------------------------------- MJCF generation
// Contact parameters are written out explicitly; apart from the solref time constant
// (a command-line argument) they are MuJoCo's defaults.
static char** make_xml(int n, int nfile, double timeconst) {
  char** files = calloc((size_t)nfile, sizeof(char*));
  // MuJoCo 2.2.x preallocates contact/constraint storage (nconmax, njmax); mjData's
  // buffer holds njmax x njmax and njmax x nv arrays and its size is an int (bytes), so
  // njmax is capped to keep the buffer below ~1.8 GB. Overflow is reported (warn_*).
  int nconmax = 5*n + 100;      // peak measured here: ~3 contacts per link (tight mode)
  int njmax = 4*nconmax;        // pyramidal cone, condim 3 -> 4 rows per contact
  double nv = 3.0*n + 3.0, bnv = 24*nv;
  int jcap = (int)((-bnv + sqrt(bnv*bnv + 48*1.8e9)) / 24);
  if (njmax > jcap) njmax = jcap;
  for (int f = 0; f < nfile; f++) {
    sbuf b = {0};
    int i0 = f*CHUNK, i1 = (f+1)*CHUNK < n ? (f+1)*CHUNK : n;
    if (f == 0) {
      sb_printf(&b,
        "<mujoco model=\"knotsim-rope-peer\">\n"
        "  <compiler angle=\"radian\"/>\n"
        "  <size nconmax=\"%d\" njmax=\"%d\"/>\n"
        "  <option timestep=\"0.001\" gravity=\"0 0 -9.81\" integrator=\"Euler\" solver=\"Newton\""
        " cone=\"pyramidal\" jacobian=\"auto\" iterations=\"100\" tolerance=\"1e-8\"/>\n"
        "  <default>\n"
        "    <joint type=\"ball\" damping=\"1e-6\"/>\n"
        "    <geom contype=\"1\" conaffinity=\"1\" density=\"1000\" condim=\"3\""
        " friction=\"1 0.005 0.0001\" solref=\"%.17g 1\" solimp=\"0.9 0.95 0.001\"/>\n"
        "  </default>\n"
        "  <worldbody>\n"
        "    <geom name=\"floor\" type=\"plane\" size=\"0 0 0.01\"/>\n",
        nconmax, njmax, timeconst);
    } else {
      sb_printf(&b, "<mujoco>\n");
    }
    for (int i = i0; i < i1; i++) {
      if (i == 0)
        sb_printf(&b, "<body name=\"L0\"><freejoint/>");
      else
        sb_printf(&b, "<body name=\"L%d\" pos=\"%.17g 0 0\"><joint/>", i, LINK);
      sb_printf(&b, "<geom type=\"capsule\" fromto=\"0 0 0 %.17g 0 0\" size=\"%.17g\"/>\n", LINK, RAD);
    }
    if (f + 1 < nfile) sb_printf(&b, "<include file=\"rope_part%d.xml\"/>\n", f + 1);
    for (int i = i0; i < i1; i++) sb_printf(&b, "</body>");
    sb_printf(&b, "\n");
    if (f == 0) sb_printf(&b, "  </worldbody>\n</mujoco>\n");
    else sb_printf(&b, "</mujoco>\n");
    files[f] = b.s;
  }
  return files;
}

static void file_name(char* out, size_t sz, int f) {
  if (f == 0) snprintf(out, sz, "rope_main.xml");
  else snprintf(out, sz, "rope_part%d.xml", f);
}

// Load through MuJoCo's virtual file system (no disk I/O); fall back to a temp directory.
static mjModel* load_model(int n, double timeconst) {
  int nfile = (n + CHUNK - 1) / CHUNK;
  char** files = make_xml(n, nfile, timeconst);
  char err[1024] = "";
  char name[64];

  mjVFS* vfs = malloc(sizeof(mjVFS));
  mjModel* m = NULL;
  if (vfs) {
    mj_defaultVFS(vfs);
    int ok = 1;
    for (int f = 0; f < nfile && ok; f++) {
      file_name(name, sizeof name, f);
      int len = (int)strlen(files[f]);
      if (mj_makeEmptyFileVFS(vfs, name, len) != 0) { ok = 0; break; }
      int id = mj_findFileVFS(vfs, name);
      if (id < 0) { ok = 0; break; }
      memcpy(vfs->filedata[id], files[f], (size_t)len);
    }
    if (ok) m = mj_loadXML("rope_main.xml", vfs, err, sizeof err);
    mj_deleteVFS(vfs);
    free(vfs);
  }
  if (!m) {
    char dir[] = "/tmp/knotsim-mjXXXXXX";
    if (!mkdtemp(dir)) { perror("mkdtemp"); exit(1); }
    char path[4096];
    for (int f = 0; f < nfile; f++) {
      file_name(name, sizeof name, f);
      snprintf(path, sizeof path, "%s/%s", dir, name);
      FILE* fp = fopen(path, "w");
      if (!fp) { perror(path); exit(1); }
      fputs(files[f], fp);
      fclose(fp);
    }
    snprintf(path, sizeof path, "%s/rope_main.xml", dir);
    m = mj_loadXML(path, NULL, err, sizeof err);
    for (int f = 0; f < nfile; f++) {
      file_name(name, sizeof name, f);
      snprintf(path, sizeof path, "%s/%s", dir, name);
      unlink(path);
    }
    rmdir(dir);
  }
  for (int f = 0; f < nfile; f++) free(files[f]);
  free(files);
  if (!m) { fprintf(stderr, "mj_loadXML failed: %s\n", err); exit(1); }
  return m;
}

// Set qpos from joint points p[0..n]: free joint for link 0, ball-joint quaternions
// (relative to the parent link, parallel-transported frames) for links 1..n-1.
static void set_pose(const mjModel* m, mjData* d, const double* p, int n) {
  double qprev[4] = {1, 0, 0, 0}, tprev[3] = {1, 0, 0};
  for (int i = 0; i < n; i++) {
    double t[3] = {p[3*(i+1)] - p[3*i], p[3*(i+1)+1] - p[3*i+1], p[3*(i+1)+2] - p[3*i+2]};
    double len = norm3(t);
    for (int c = 0; c < 3; c++) t[c] /= len;
    double r[4], q[4];
    qfromto(r, tprev, t);
    qmul(q, r, qprev);
    qnormalize(q);
    int jnt = m->body_jntadr[i + 1];     // body 0 is the world
    int adr = m->jnt_qposadr[jnt];
    if (i == 0) {
      for (int c = 0; c < 3; c++) d->qpos[adr + c] = p[c];
      for (int c = 0; c < 4; c++) d->qpos[adr + 3 + c] = q[c];
    } else {
      double qi[4], rel[4];
      qconj(qi, qprev);
      qmul(rel, qi, q);
      qnormalize(rel);
      for (int c = 0; c < 4; c++) d->qpos[adr + c] = rel[c];
    }
    memcpy(qprev, q, sizeof q);
    memcpy(tprev, t, sizeof t);
  }
}

// ---------------------------------------------------------------- contact statistics
typedef struct {
  double self_min;    // most negative dist, capsule-capsule, |i-j| >= 2
  double far_min;     // ... restricted to |i-j| >= 3
  double floor_min;   // most negative dist, capsule-floor
  double ncon_sum, nself_sum;
} stats_t;

static void scan_contacts(const mjModel* m, const mjData* d, stats_t* s) {
  int nself = 0;
  for (int c = 0; c < d->ncon; c++) {
    const mjContact* con = d->contact + c;
    int b1 = m->geom_bodyid[con->geom1], b2 = m->geom_bodyid[con->geom2];
    if (b1 == 0 || b2 == 0) {
      if (con->dist < s->floor_min) s->floor_min = con->dist;
    } else {
      nself++;
      if (con->dist < s->self_min) s->self_min = con->dist;
      if (abs(b1 - b2) >= 3 && con->dist < s->far_min) s->far_min = con->dist;
    }
  }
  s->ncon_sum += d->ncon;
  s->nself_sum += nself;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double clip0(double x) { return x < 0 ? -x : 0; }

// ================================================================ issue 10 peer scenes
// coil, knot and pendulum (see README.md): scenes of knotsim's physical solver pbd, for
// setting it beside MuJoCo. The pose is written into the MJCF itself (body pos/quat), so
// qpos0 is the start pose and equality constraints built by the compiler at qpos0 (connect
// anchors on the second body) hold exactly at the start.

typedef struct {
  int n;                  // capsules
  double link, rad;       // link length, capsule radius [m]
  int chain;              // 1: nested ball-joint chain (generalised coordinates);
                          // 0: free bodies joined by connect equalities (maximal coordinates)
  int hold_start, hold_end; // hold joint point 0 / n at its start position
  int collide, gravity, energy;
  double timeconst;       // contact solref time constant [s]
  double eq_timeconst;    // equality (connect) solref time constant [s]
  double damping;         // ball-joint damping [N m s/rad]
  double armature;        // ball-joint armature [kg m^2]
  double mass;            // > 0: mass of every capsule [kg]; else density 1000
  const char *integrator, *solver, *jacobian;
  const double* p;        // joint points p[0..n]
} peer_cfg;

// absolute orientations q[4*i] of the capsules (x axis along p[i] -> p[i+1]), parallel-transported
static void frames(const double* p, int n, double* q) {
  double qprev[4] = {1, 0, 0, 0}, tprev[3] = {1, 0, 0};
  for (int i = 0; i < n; i++) {
    double t[3] = {p[3*(i+1)] - p[3*i], p[3*(i+1)+1] - p[3*i+1], p[3*(i+1)+2] - p[3*i+2]};
    double len = norm3(t);
    for (int c = 0; c < 3; c++) t[c] /= len;
    double r[4];
    qfromto(r, tprev, t);
    qmul(q + 4*i, r, qprev);
    qnormalize(q + 4*i);
    memcpy(qprev, q + 4*i, sizeof qprev);
    memcpy(tprev, t, sizeof t);
  }
}

static char** peer_xml(const peer_cfg* c, int* nfile_out) {
  int n = c->n;
  int nfile = c->chain ? (n + CHUNK - 1) / CHUNK : 1;
  char** files = calloc((size_t)nfile, sizeof(char*));
  double* q = malloc(sizeof(double) * 4 * (size_t)n);
  frames(c->p, n, q);
  int neq = (c->chain ? 0 : n - 1) + c->hold_start * (c->chain ? 0 : 1) + c->hold_end;
  int nconmax = c->collide ? 5*n + 100 : 10;
  int njmax = 4*nconmax + 3*neq;
  double nv = c->chain ? 3.0*n + (c->hold_start ? 0 : 3) : 6.0*n, bnv = 24*nv;
  int jcap = (int)((-bnv + sqrt(bnv*bnv + 48*1.8e9)) / 24);
  if (njmax > jcap) njmax = jcap;
  char geom[512];
  if (c->mass > 0)
    snprintf(geom, sizeof geom, "<geom type=\"capsule\" fromto=\"0 0 0 %.17g 0 0\" size=\"%.17g\" mass=\"%.17g\"/>",
             c->link, c->rad, c->mass);
  else
    snprintf(geom, sizeof geom, "<geom type=\"capsule\" fromto=\"0 0 0 %.17g 0 0\" size=\"%.17g\"/>", c->link, c->rad);
  for (int f = 0; f < nfile; f++) {
    sbuf b = {0};
    int i0 = c->chain ? f*CHUNK : 0, i1 = c->chain ? ((f+1)*CHUNK < n ? (f+1)*CHUNK : n) : n;
    if (f == 0) {
      sb_printf(&b,
        "<mujoco model=\"knotsim-peer\">\n"
        "  <compiler angle=\"radian\"/>\n"
        "  <size nconmax=\"%d\" njmax=\"%d\"/>\n"
        "  <option timestep=\"0.001\" gravity=\"0 0 %g\" integrator=\"%s\" solver=\"%s\""
        " cone=\"pyramidal\" jacobian=\"%s\" iterations=\"100\" tolerance=\"1e-8\">\n"
        "    <flag energy=\"%s\"/>\n"
        "  </option>\n"
        "  <default>\n"
        "    <joint type=\"ball\" damping=\"%.17g\" armature=\"%.17g\"/>\n"
        "    <geom contype=\"%d\" conaffinity=\"%d\" density=\"1000\" condim=\"3\""
        " friction=\"1 0.005 0.0001\" solref=\"%.17g 1\" solimp=\"0.9 0.95 0.001\"/>\n"
        "    <equality solref=\"%.17g 1\" solimp=\"0.9 0.95 0.001\"/>\n"
        "  </default>\n"
        "  <worldbody>\n",
        nconmax, njmax, c->gravity ? -9.81 : 0.0, c->integrator, c->solver, c->jacobian,
        c->energy ? "enable" : "disable", c->damping, c->armature, c->collide, c->collide, c->timeconst, c->eq_timeconst);
    } else {
      sb_printf(&b, "<mujoco>\n");
    }
    for (int i = i0; i < i1; i++) {
      const double* qi = q + 4*i;
      if (!c->chain) {
        sb_printf(&b, "<body name=\"L%d\" pos=\"%.17g %.17g %.17g\" quat=\"%.17g %.17g %.17g %.17g\"><freejoint/>%s</body>\n",
                  i, c->p[3*i], c->p[3*i+1], c->p[3*i+2], qi[0], qi[1], qi[2], qi[3], geom);
      } else if (i == 0) {
        sb_printf(&b, "<body name=\"L0\" pos=\"%.17g %.17g %.17g\" quat=\"%.17g %.17g %.17g %.17g\">%s%s\n",
                  c->p[0], c->p[1], c->p[2], qi[0], qi[1], qi[2], qi[3],
                  c->hold_start ? "<joint/>" : "<freejoint/>", geom);
      } else {
        double qc[4], rel[4];
        qconj(qc, q + 4*(i-1));
        qmul(rel, qc, qi);
        qnormalize(rel);
        sb_printf(&b, "<body name=\"L%d\" pos=\"%.17g 0 0\" quat=\"%.17g %.17g %.17g %.17g\"><joint/>%s\n",
                  i, c->link, rel[0], rel[1], rel[2], rel[3], geom);
      }
    }
    if (c->chain) {
      if (f + 1 < nfile) sb_printf(&b, "<include file=\"rope_part%d.xml\"/>\n", f + 1);
      for (int i = i0; i < i1; i++) sb_printf(&b, "</body>");
      sb_printf(&b, "\n");
    }
    if (f == 0) {
      sb_printf(&b, "  </worldbody>\n");
      if (!c->chain && c->collide) {
        sb_printf(&b, "  <contact>\n");
        for (int i = 0; i + 1 < n; i++) sb_printf(&b, "<exclude body1=\"L%d\" body2=\"L%d\"/>\n", i, i + 1);
        sb_printf(&b, "  </contact>\n");
      }
      if (neq) {
        sb_printf(&b, "  <equality>\n");
        if (!c->chain) {
          for (int i = 0; i + 1 < n; i++)
            sb_printf(&b, "<connect body1=\"L%d\" body2=\"L%d\" anchor=\"%.17g 0 0\"/>\n", i, i + 1, c->link);
          if (c->hold_start) sb_printf(&b, "<connect body1=\"L0\" anchor=\"0 0 0\"/>\n");
        }
        if (c->hold_end) sb_printf(&b, "<connect body1=\"L%d\" anchor=\"%.17g 0 0\"/>\n", n - 1, c->link);
        sb_printf(&b, "  </equality>\n");
      }
      sb_printf(&b, "</mujoco>\n");
    } else {
      sb_printf(&b, "</mujoco>\n");
    }
    files[f] = b.s;
  }
  free(q);
  *nfile_out = nfile;
  return files;
}

static mjModel* peer_load(const peer_cfg* c) {
  int nfile;
  char** files = peer_xml(c, &nfile);
  if (getenv("PEER_DUMP_XML")) for (int f = 0; f < nfile; f++) fputs(files[f], stderr);
  char err[1024] = "", name[64];
  mjVFS* vfs = malloc(sizeof(mjVFS));
  if (!vfs) { fprintf(stderr, "out of memory\n"); exit(1); }
  mj_defaultVFS(vfs);
  for (int f = 0; f < nfile; f++) {
    file_name(name, sizeof name, f);
    int len = (int)strlen(files[f]);
    if (mj_makeEmptyFileVFS(vfs, name, len) != 0) { fprintf(stderr, "VFS full\n"); exit(1); }
    memcpy(vfs->filedata[mj_findFileVFS(vfs, name)], files[f], (size_t)len);
    free(files[f]);
  }
  free(files);
  mjModel* m = mj_loadXML("rope_main.xml", vfs, err, sizeof err);
  mj_deleteVFS(vfs);
  free(vfs);
  if (!m) { fprintf(stderr, "mj_loadXML failed: %s\n", err); exit(1); }
  return m;
}

// Helix about the z axis, radius rho, rising pitch per turn, starting at (rho, 0, 0); joint
// points at exact chord length `link` along it (dense walk + chord intersection).
static void line_helix(double* p, int n, double link, double rho, double pitch) {
  double prev[3] = {rho, 0, 0}, cur[3];
  memcpy(p, prev, sizeof prev);
  int idx = 1;
  const double ds = link / 400;
  double phi = 0;
  while (idx <= n) {
    phi += ds / rho;
    coil_point(cur, rho, phi, pitch * phi / (2*M_PI));
    double* last = p + 3*(idx-1);
    double e[3] = {cur[0]-last[0], cur[1]-last[1], cur[2]-last[2]};
    if (norm3(e) >= link) {
      double a[3] = {cur[0]-prev[0], cur[1]-prev[1], cur[2]-prev[2]};
      double bb[3] = {prev[0]-last[0], prev[1]-last[1], prev[2]-last[2]};
      double A = dot3(a, a), B = 2*dot3(a, bb), C = dot3(bb, bb) - link*link;
      double t = (-B + sqrt(B*B - 4*A*C)) / (2*A);
      for (int k = 0; k < 3; k++) p[3*idx+k] = prev[k] + t*a[k];
      idx++;
    }
    memcpy(prev, cur, sizeof cur);
  }
}

// Curve file: one "x y z" line per joint point (knotsim run -curve), n+1 lines.
static int read_curve(const char* path, double** out) {
  FILE* fp = fopen(path, "r");
  if (!fp) { perror(path); exit(1); }
  size_t cap = 1024, k = 0;
  double* p = malloc(sizeof(double) * 3 * cap);
  double x, y, z;
  while (fscanf(fp, "%lf %lf %lf", &x, &y, &z) == 3) {
    if (k == cap) { cap *= 2; p = realloc(p, sizeof(double) * 3 * cap); }
    p[3*k] = x; p[3*k+1] = y; p[3*k+2] = z; k++;
  }
  fclose(fp);
  *out = p;
  return (int)k - 1;   // links
}

static double max_eq_violation(const mjData* d) {
  double w = 0;
  for (int r = 0; r < d->nefc; r++)
    if (d->efc_type[r] == mjCNSTR_EQUALITY && fabs(d->efc_pos[r]) > w) w = fabs(d->efc_pos[r]);
  return w;
}

static int peer_main(int argc, char** argv) {
  int n = atoi(argv[1]);
  long steps = atol(argv[2]);
  const char* mode = argv[3];
  double budget = argc > 5 ? atof(argv[5]) : 0;
  peer_cfg c = {0};
  c.n = n; c.link = LINK; c.rad = RAD; c.chain = 1; c.collide = 1; c.gravity = 1;
  c.timeconst = 0.02; c.eq_timeconst = 0.002; c.damping = 1e-6; c.integrator = "Euler"; c.solver = "Newton"; c.jacobian = "auto";
  int pendulum = !strcmp(mode, "pendulum");
  double* p = NULL;
  double swing = 0;
  if (!strcmp(mode, "coil")) {
    // 100 capsules (by default) on a helix of radius 3 cm whose turns touch (pitch 2.05 R),
    // both end points held, gravity along the axis. Free capsules joined by connect
    // equalities: the ball-joint chain (PEER_CHAIN=1) diverges within 0.25 s here (README).
    if (argc > 4) c.timeconst = atof(argv[4]);
    c.chain = 0; c.hold_start = c.hold_end = 1;
    p = malloc(sizeof(double) * 3 * (size_t)(n + 1));
    line_helix(p, n, LINK, 0.03, 2.05 * RAD);
  } else if (!strcmp(mode, "knot")) {
    // a tight overhand knot (curve written by knotsim's FTL: overhand1000.json), both end
    // points held, no gravity; free capsules joined by connect equalities, sparse
    // Jacobian, CG solver (a 1000-link ball-joint chain takes ~20 s per step, see README).
    if (argc > 4) c.timeconst = atof(argv[4]);
    char path[4096];
    if (argc > 6) snprintf(path, sizeof path, "%s", argv[6]);
    else {
      snprintf(path, sizeof path, "%s", argv[0]);
      char* s = strrchr(path, '/');
      if (s) strcpy(s + 1, "overhand1000.txt"); else strcpy(path, "overhand1000.txt");
    }
    int links = read_curve(path, &p);
    if (links != n) { fprintf(stderr, "%s has %d links, not %d\n", path, links, n); return 2; }
    c.chain = 0; c.hold_start = c.hold_end = 1; c.gravity = 0;
    c.solver = getenv("PEER_SOLVER") ? getenv("PEER_SOLVER") : "CG";
    c.jacobian = "sparse";
  } else {
    // seed 004 (Wang et al. 2017 Fig. 4-5): a 1 m, 10 g thread of n capsules pinned at the top
    // by a ball joint, centre line at 0.45 pi from the horizontal x axis, no damping, no contacts.
    const double L = 1.0, mass = 0.01, dens = 1140, phi = 0.45 * M_PI;
    c.integrator = argc > 4 ? argv[4] : "implicit";
    c.link = L / n; c.rad = sqrt(mass / (dens * M_PI * L)); c.mass = mass / n;
    c.collide = 0; c.damping = 0; c.energy = 1; c.hold_start = 1;
    p = malloc(sizeof(double) * 3 * (size_t)(n + 1));
    for (int i = 0; i <= n; i++) {
      p[3*i] = c.link * i * cos(phi); p[3*i+1] = 0; p[3*i+2] = -c.link * i * sin(phi);
    }
    swing = mass * 9.81 * L / 2 * (1 - sin(phi));
  }
  c.p = p;
  // overrides for experiments (run.sh uses PEER_CHAIN=1 for the coil's ball-chain rows)
  if (getenv("PEER_EQ_TC")) c.eq_timeconst = atof(getenv("PEER_EQ_TC"));
  if (getenv("PEER_COLLIDE")) c.collide = atoi(getenv("PEER_COLLIDE"));
  if (getenv("PEER_INTEGRATOR")) c.integrator = getenv("PEER_INTEGRATOR");
  if (getenv("PEER_CHAIN")) c.chain = atoi(getenv("PEER_CHAIN"));
  if (getenv("PEER_HOLD_END")) c.hold_end = atoi(getenv("PEER_HOLD_END"));
  if (getenv("PEER_ARMATURE")) c.armature = atof(getenv("PEER_ARMATURE"));
  if (getenv("PEER_GRAVITY")) c.gravity = atoi(getenv("PEER_GRAVITY"));

  double tl = now();
  mjModel* m = peer_load(&c);
  mjData* d = mj_makeData(m);
  if (!d) { fprintf(stderr, "mj_makeData failed\n"); return 1; }
  double load_s = now() - tl;
  free(p);

  mj_forward(m, d);
  double e0 = d->energy[0] + d->energy[1], emin = e0, emax = e0, kmax = d->energy[1];
  double eq0 = max_eq_violation(d), eqmax = 0;
  stats_t s0 = {0, 0, 0, 0, 0}, s = {0, 0, 0, 0, 0};
  scan_contacts(m, d, &s0);
  long done = 0;
  double wall = 0, diverged = -1;
  for (long k = 0; k < steps; k++) {
    double a = now();
    mj_step(m, d);
    wall += now() - a;
    done++;
    if (k > 0) {   // d->contact/efc belong to state k (state 0 is scanned above)
      scan_contacts(m, d, &s);
      double v = max_eq_violation(d);
      if (v > eqmax) eqmax = v;
    }
    if (pendulum) {  // energy of state k+1 (mj_forward, untimed: exact for RK4 too)
      mj_forward(m, d);
      double e = d->energy[0] + d->energy[1];
      if (e < emin) emin = e;
      if (e > emax) emax = e;
      if (d->energy[1] > kmax) kmax = d->energy[1];
    }
    if (budget > 0 && wall > budget) break;
    if (d->warning[mjWARN_BADQACC].number + d->warning[mjWARN_BADQPOS].number +
        d->warning[mjWARN_BADQVEL].number) {   // MuJoCo has reset the state: stop here
      diverged = done * m->opt.timestep;
      break;
    }
  }
  mj_forward(m, d);   // final state (untimed)
  scan_contacts(m, d, &s);
  double v = max_eq_violation(d);
  if (v > eqmax) eqmax = v;
  double ef = d->energy[0] + d->energy[1];
  double maxpen = clip0(s.self_min);
  int nwarn_contact = d->warning[mjWARN_CONTACTFULL].number;
  int nwarn_cnstr = d->warning[mjWARN_CNSTRFULL].number;
  int nwarn_bad = d->warning[mjWARN_BADQACC].number + d->warning[mjWARN_BADQPOS].number +
                  d->warning[mjWARN_BADQVEL].number;
  long nstat = done;   // states counted in s: 1..done
  printf("{\"engine\":\"mujoco\",\"version\":\"%s\",\"links\":%d,\"mode\":\"%s\",\"formulation\":\"%s\","
         "\"integrator\":\"%s\",\"solver\":\"%s\",\"jacobian\":\"%s\",\"link_m\":%g,\"radius_m\":%g,"
         "\"steps\":%ld,\"timestep_s\":%g,\"sim_time_s\":%g,\"solref_timeconst_s\":%g,\"load_s\":%.3f,\"wall_s\":%.4f,\"steps_per_s\":%.2f,",
         mj_versionString(), n, mode, c.chain ? "ball-chain" : "free+connect", c.integrator, c.solver, c.jacobian,
         c.link, c.rad, done, m->opt.timestep, done * m->opt.timestep, c.collide ? c.timeconst : 0, load_s, wall, done / wall);
  if (pendulum)
    printf("\"energy_start_J\":%.9g,\"energy_min_J\":%.9g,\"energy_max_J\":%.9g,\"energy_final_J\":%.9g,"
           "\"e_swing_J\":%.6g,\"kinetic_max_J\":%.6g,\"max_gain_over_e_swing\":%.4g,\"max_loss_over_e_swing\":%.4g,\"final_change_over_e_swing\":%.4g,",
           e0, emin, emax, ef, swing, kmax, (emax - e0) / swing, (e0 - emin) / swing, (ef - e0) / swing);
  else
    printf("\"max_penetration_m\":%.6g,\"max_penetration_over_R\":%.6g,\"max_penetration_ge3_m\":%.6g,"
           "\"initial_penetration_m\":%.6g,\"contacts_avg\":%.2f,\"self_contacts_avg\":%.2f,",
           maxpen, maxpen / c.rad, clip0(s.far_min), clip0(s0.self_min),
           s.ncon_sum / (double)nstat, s.nself_sum / (double)nstat);
  if (diverged >= 0) printf("\"diverged_at_s\":%g,", diverged);
  else printf("\"diverged_at_s\":null,");
  printf("\"initial_eq_violation_m\":%.3g,\"max_eq_violation_m\":%.3g,"
         "\"nv\":%d,\"neq\":%d,\"nconmax\":%d,\"njmax\":%d,\"maxuse_con\":%d,\"maxuse_efc\":%d,"
         "\"warn_contactfull\":%d,\"warn_cnstrfull\":%d,\"warn_bad\":%d}\n",
         eq0, eqmax, m->nv, m->neq, m->nconmax, m->njmax, d->maxuse_con, d->maxuse_efc,
         nwarn_contact, nwarn_cnstr, nwarn_bad);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}

int main(int argc, char** argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s N STEPS loose|tight|coil [TIMECONST [MAX_SECONDS]]\n"
                    "       %s N STEPS knot [TIMECONST [MAX_SECONDS [CURVE_FILE]]]\n"
                    "       %s N STEPS pendulum [Euler|implicit|RK4 [MAX_SECONDS]]\n", argv[0], argv[0], argv[0]);
    return 2;
  }
  int n = atoi(argv[1]);
  long steps = atol(argv[2]);
  const char* mode = argv[3];
  if (!strcmp(mode, "coil") || !strcmp(mode, "knot") || !strcmp(mode, "pendulum"))
    return peer_main(argc, argv);
  double timeconst = argc > 4 ? atof(argv[4]) : 0.02;
  double budget = argc > 5 ? atof(argv[5]) : 0;
  if (timeconst <= 0) { fprintf(stderr, "TIMECONST must be > 0\n"); return 2; }
  int tight;
  if (!strcmp(mode, "loose")) tight = 0;
  else if (!strcmp(mode, "tight")) tight = 1;
  else { fprintf(stderr, "mode must be loose or tight\n"); return 2; }
  if (n < 3 || steps < 1) { fprintf(stderr, "need N >= 3 and STEPS >= 1\n"); return 2; }

  double tl = now();
  mjModel* m = load_model(n, timeconst);
  mjData* d = mj_makeData(m);
  if (!d) { fprintf(stderr, "mj_makeData failed\n"); return 1; }
  double load_s = now() - tl;

  double* p = malloc(sizeof(double) * 3 * (size_t)(n + 1));
  if (tight) line_tight(p, n); else line_loose(p, n);
  set_pose(m, d, p, n);
  free(p);

  stats_t s0 = {0, 0, 0, 0, 0};  // initial state (built with clearance: should be ~0)
  stats_t s = {0, 0, 0, 0, 0};   // states 1..steps
  long done = 0;
  double t0 = now(), t1 = t0;
  for (long k = 0; k < steps; k++) {
    mj_step(m, d);
    done++;
    // d->contact now holds the contacts of the state this step started from (state k)
    scan_contacts(m, d, k == 0 ? &s0 : &s);
    if (budget > 0) {
      t1 = now();
      if (t1 - t0 > budget) break;
    }
  }
  t1 = now();
  mj_forward(m, d);   // contacts of the final state (not timed)
  scan_contacts(m, d, &s);
  double wall = t1 - t0;

  double maxpen = clip0(s.self_min);
  int nwarn_contact = d->warning[mjWARN_CONTACTFULL].number;
  int nwarn_cnstr = d->warning[mjWARN_CNSTRFULL].number;
  int nwarn_bad = d->warning[mjWARN_BADQACC].number + d->warning[mjWARN_BADQPOS].number +
                  d->warning[mjWARN_BADQVEL].number;

  printf("{\"engine\":\"mujoco\",\"version\":\"%s\",\"version_int\":%d,\"links\":%d,\"mode\":\"%s\","
         "\"steps\":%ld,\"timestep_s\":%g,\"solref_timeconst_s\":%g,\"load_s\":%.3f,\"wall_s\":%.4f,\"steps_per_s\":%.2f,"
         "\"max_penetration_m\":%.6g,\"max_penetration_over_R\":%.6g,"
         "\"max_penetration_ge3_m\":%.6g,\"max_penetration_floor_m\":%.6g,"
         "\"initial_penetration_m\":%.6g,"
         "\"contacts_avg\":%.2f,\"self_contacts_avg\":%.2f,"
         "\"nv\":%d,\"nconmax\":%d,\"njmax\":%d,\"maxuse_con\":%d,\"maxuse_efc\":%d,"
         "\"warn_contactfull\":%d,\"warn_cnstrfull\":%d,\"warn_bad\":%d}\n",
         mj_versionString(), mj_version(), n, mode, done, m->opt.timestep, timeconst, load_s, wall, done / wall,
         maxpen, maxpen / RAD, clip0(s.far_min), clip0(s.floor_min),
         clip0(s0.self_min < s0.floor_min ? s0.self_min : s0.floor_min),
         s.ncon_sum / (double)(done + 0), s.nself_sum / (double)(done + 0),
         m->nv, m->nconmax, m->njmax, d->maxuse_con, d->maxuse_efc,
         nwarn_contact, nwarn_cnstr, nwarn_bad);

  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
