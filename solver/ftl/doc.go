// Package ftl is the Follow-The-Leader rope solver of Brown, Latombe & Montgomery, "Real-time
// knot tying simulation", The Visual Computer 20 (2004) (seed 000), with the collision response
// and clusters of its §5.
//
// # One cycle
//
//  1. Grasps: every grasped node moves towards its tool by at most Delta (< R); the rest is the
//     tool's lag. With the stretch guard on, a grasp may not pull two constrained nodes k links
//     apart further than k·MaxStretch·link (the paper's k·h rule, §3).
//  2. FTL (§3): the constrained nodes of each strand (grasped nodes, and the end nodes of every
//     link that was in contact at the previous cycle) are sorted; FTL1 runs from the first and last
//     constrained nodes out to the rope's ends and FTL2 (two FTL1 passes, averaged) between each
//     pair of consecutive constrained nodes. Contact nodes do not move.
//  3. Clusters (§5): links in contact at the previous cycle form clusters (colliding links share a
//     cluster; clusters holding adjacent links merge). Each cluster then moves rigidly with the
//     free links next to it; see "Cluster motion" below.
//  4. Detection: all self contacts (a collide.Detector) and obstacle contacts.
//  5. Response (§5): each segment pair at axis distance d < Ra+Rb is pushed apart along the line
//     of closest points, each link by (Ra+Rb−d)/2 + ε/2; a link touching an obstacle is pushed
//     out by R−d+ε. A node with several suggested displacements gets their average. These links
//     become the contact constraints and clusters of the next cycle. Where averaging leaves an
//     overlap deeper than Tolerance, detection and response repeat (up to Iterations passes) —
//     stricter than the paper, which lets such overlaps live for a cycle; our users see every
//     published frame.
//  6. Rollback (ours): an overlap deeper than 0.2 R left after the passes means the tools push
//     the rope where no response can part it (twenty ropes squeezed to one point, a rope
//     stretched with the stretch guard off pulling back through its knot). The cycle is undone
//     and run again with the tools on the strands involved held where they are, and if that is
//     not enough with every tool held and four times the passes. The tools lag instead;
//     Stats.Rollbacks counts the redone cycles.
//
// # Cluster motion
//
// For a cluster C, every link (b, f) with b a node of C and f a free node (not in C) that FTL
// moved gives a target for b: b* = f + link·(b−f)/|b−f|, the place b would take if it followed f.
// The rigid motion (rotation about the boundary nodes' centroid, then translation) that best maps
// the boundary nodes b onto their targets b* in least squares is found with Horn's quaternion
// method (a 4×4 symmetric eigenproblem solved by Jacobi rotations); with a single boundary node
// it is a pure translation. The motion is scaled down so that no node of the cluster moves more
// than Delta, which keeps the no-pass-through argument of §4 intact. Clusters holding a grasped
// node do not move rigidly (the grasp rules them). Two tails pulled apart in opposite directions
// give targets whose fit is (almost) the identity: the knot stays put and tightens by sliding.
//
// # Units
//
// The solver is purely geometric: lengths in m, no masses, no forces (GraspForce reports
// "not available"). The paper's unit link and R = 0.5 scale to any link length.
package ftl
