/* The evaluation's weights, {middle game, end game}, in the order of the EP_ indices in
 * engine/engine.h. Written by tools/eval_tune.c (`eval_tune fit`, 504179 positions,
 * lambda 0.20, 1500 epochs); re-tune rather than edit by hand. */
const int chci_eval_weights[EP_COUNT][2] = {
    {69, 104}, /* material P */
    {309, 337}, /* material N */
    {337, 373}, /* material B */
    {415, 624}, /* material R */
    {934, 1092}, /* material Q */
    {0, 0}, /* material K */
    {0, 0}, /* pst P a1 */
    {0, 0}, /* pst P b1 */
    {0, 0}, /* pst P c1 */
    {0, 0}, /* pst P d1 */
    {0, 0}, /* pst P e1 */
    {0, 0}, /* pst P f1 */
    {0, 0}, /* pst P g1 */
    {0, 0}, /* pst P h1 */
    {-20, 15}, /* pst P a2 */
    {-18, 3}, /* pst P b2 */
    {-16, 6}, /* pst P c2 */
    {-10, 2}, /* pst P d2 */
    {-3, 27}, /* pst P e2 */
    {4, 14}, /* pst P f2 */
    {14, -1}, /* pst P g2 */
    {-9, 6}, /* pst P h2 */
    {-26, 6}, /* pst P a3 */
    {-33, -1}, /* pst P b3 */
    {-15, -4}, /* pst P c3 */
    {-16, 4}, /* pst P d3 */
    {-5, 7}, /* pst P e3 */
    {-10, 4}, /* pst P f3 */
    {3, -7}, /* pst P g3 */
    {-11, -1}, /* pst P h3 */
    {-14, 15}, /* pst P a4 */
    {-17, 6}, /* pst P b4 */
    {-2, -7}, /* pst P c4 */
    {14, -11}, /* pst P d4 */
    {17, -4}, /* pst P e4 */
    {9, -2}, /* pst P f4 */
    {0, 6}, /* pst P g4 */
    {-5, 4}, /* pst P h4 */
    {-6, 28}, /* pst P a5 */
    {4, 9}, /* pst P b5 */
    {11, 0}, /* pst P c5 */
    {11, -13}, /* pst P d5 */
    {35, -11}, /* pst P e5 */
    {28, 3}, /* pst P f5 */
    {17, 6}, /* pst P g5 */
    {5, 19}, /* pst P h5 */
    {-6, 44}, /* pst P a6 */
    {26, 31}, /* pst P b6 */
    {29, 19}, /* pst P c6 */
    {45, 23}, /* pst P d6 */
    {51, 40}, /* pst P e6 */
    {83, 31}, /* pst P f6 */
    {88, 36}, /* pst P g6 */
    {39, 43}, /* pst P h6 */
    {28, 34}, /* pst P a7 */
    {18, 31}, /* pst P b7 */
    {42, 48}, /* pst P c7 */
    {55, 77}, /* pst P d7 */
    {62, 52}, /* pst P e7 */
    {47, 52}, /* pst P f7 */
    {1, 78}, /* pst P g7 */
    {0, 31}, /* pst P h7 */
    {0, 0}, /* pst P a8 */
    {0, 0}, /* pst P b8 */
    {0, 0}, /* pst P c8 */
    {0, 0}, /* pst P d8 */
    {0, 0}, /* pst P e8 */
    {0, 0}, /* pst P f8 */
    {0, 0}, /* pst P g8 */
    {0, 0}, /* pst P h8 */
    {-41, -29}, /* pst N a1 */
    {-17, -13}, /* pst N b1 */
    {-10, 11}, /* pst N c1 */
    {-12, 19}, /* pst N d1 */
    {0, 0}, /* pst N e1 */
    {0, -7}, /* pst N f1 */
    {-19, -3}, /* pst N g1 */
    {-37, -6}, /* pst N h1 */
    {-30, -22}, /* pst N a2 */
    {-18, 7}, /* pst N b2 */
    {0, -16}, /* pst N c2 */
    {17, -9}, /* pst N d2 */
    {12, -10}, /* pst N e2 */
    {13, -10}, /* pst N f2 */
    {-9, -3}, /* pst N g2 */
    {1, 0}, /* pst N h2 */
    {-31, -7}, /* pst N a3 */
    {3, -9}, /* pst N b3 */
    {7, 2}, /* pst N c3 */
    {9, 19}, /* pst N d3 */
    {24, 16}, /* pst N e3 */
    {16, -5}, /* pst N f3 */
    {25, -6}, /* pst N g3 */
    {-13, -5}, /* pst N h3 */
    {-3, 1}, /* pst N a4 */
    {-4, 1}, /* pst N b4 */
    {16, 21}, /* pst N c4 */
    {14, 12}, /* pst N d4 */
    {19, 19}, /* pst N e4 */
    {27, 6}, /* pst N f4 */
    {17, 10}, /* pst N g4 */
    {4, 11}, /* pst N h4 */
    {7, 7}, /* pst N a5 */
    {12, 12}, /* pst N b5 */
    {7, 21}, /* pst N c5 */
    {33, 16}, /* pst N d5 */
    {19, 14}, /* pst N e5 */
    {36, 22}, /* pst N f5 */
    {20, 15}, /* pst N g5 */
    {30, 5}, /* pst N h5 */
    {-22, 0}, /* pst N a6 */
    {-18, 2}, /* pst N b6 */
    {-8, 22}, /* pst N c6 */
    {35, 18}, /* pst N d6 */
    {45, -9}, /* pst N e6 */
    {57, 0}, /* pst N f6 */
    {33, -17}, /* pst N g6 */
    {12, -28}, /* pst N h6 */
    {-13, -5}, /* pst N a7 */
    {-35, 9}, /* pst N b7 */
    {22, -13}, /* pst N c7 */
    {5, 21}, /* pst N d7 */
    {17, 8}, /* pst N e7 */
    {25, 2}, /* pst N f7 */
    {2, -36}, /* pst N g7 */
    {-13, -23}, /* pst N h7 */
    {-114, -57}, /* pst N a8 */
    {-12, 0}, /* pst N b8 */
    {-14, 1}, /* pst N c8 */
    {-5, 0}, /* pst N d8 */
    {-2, -1}, /* pst N e8 */
    {-21, -23}, /* pst N f8 */
    {-17, -14}, /* pst N g8 */
    {-62, -55}, /* pst N h8 */
    {7, -14}, /* pst B a1 */
    {27, -10}, /* pst B b1 */
    {-5, 2}, /* pst B c1 */
    {-27, 14}, /* pst B d1 */
    {2, 7}, /* pst B e1 */
    {-18, 1}, /* pst B f1 */
    {-17, 15}, /* pst B g1 */
    {13, -5}, /* pst B h1 */
    {12, -22}, /* pst B a2 */
    {22, -16}, /* pst B b2 */
    {14, -1}, /* pst B c2 */
    {1, 4}, /* pst B d2 */
    {10, -4}, /* pst B e2 */
    {27, -4}, /* pst B f2 */
    {33, -22}, /* pst B g2 */
    {16, -14}, /* pst B h2 */
    {-7, 8}, /* pst B a3 */
    {18, 17}, /* pst B b3 */
    {16, 17}, /* pst B c3 */
    {4, 22}, /* pst B d3 */
    {10, 22}, /* pst B e3 */
    {20, 0}, /* pst B f3 */
    {22, -7}, /* pst B g3 */
    {2, 3}, /* pst B h3 */
    {7, -22}, /* pst B a4 */
    {-12, 17}, /* pst B b4 */
    {0, 31}, /* pst B c4 */
    {32, 12}, /* pst B d4 */
    {27, 13}, /* pst B e4 */
    {8, 9}, /* pst B f4 */
    {0, -3}, /* pst B g4 */
    {45, -36}, /* pst B h4 */
    {-7, -12}, /* pst B a5 */
    {11, -1}, /* pst B b5 */
    {1, 11}, /* pst B c5 */
    {23, 20}, /* pst B d5 */
    {21, 12}, /* pst B e5 */
    {10, 9}, /* pst B f5 */
    {19, -2}, /* pst B g5 */
    {-6, 6}, /* pst B h5 */
    {-10, 6}, /* pst B a6 */
    {35, -11}, /* pst B b6 */
    {-10, 18}, /* pst B c6 */
    {25, -3}, /* pst B d6 */
    {21, 14}, /* pst B e6 */
    {55, 31}, /* pst B f6 */
    {29, -3}, /* pst B g6 */
    {24, 3}, /* pst B h6 */
    {-33, 5}, /* pst B a7 */
    {-33, 8}, /* pst B b7 */
    {-22, 3}, /* pst B c7 */
    {-9, 14}, /* pst B d7 */
    {-19, 5}, /* pst B e7 */
    {-19, 20}, /* pst B f7 */
    {-43, -8}, /* pst B g7 */
    {-41, -11}, /* pst B h7 */
    {-17, -9}, /* pst B a8 */
    {-22, 18}, /* pst B b8 */
    {-15, 7}, /* pst B c8 */
    {-23, 14}, /* pst B d8 */
    {-10, -10}, /* pst B e8 */
    {-28, 2}, /* pst B f8 */
    {-2, 8}, /* pst B g8 */
    {-7, -22}, /* pst B h8 */
    {-13, 1}, /* pst R a1 */
    {-11, -10}, /* pst R b1 */
    {-4, 0}, /* pst R c1 */
    {1, -7}, /* pst R d1 */
    {10, -15}, /* pst R e1 */
    {7, -9}, /* pst R f1 */
    {18, -14}, /* pst R g1 */
    {-2, -22}, /* pst R h1 */
    {-24, 6}, /* pst R a2 */
    {-22, 2}, /* pst R b2 */
    {-11, 0}, /* pst R c2 */
    {-10, -8}, /* pst R d2 */
    {8, -15}, /* pst R e2 */
    {11, -21}, /* pst R f2 */
    {2, -7}, /* pst R g2 */
    {-31, 15}, /* pst R h2 */
    {-43, 8}, /* pst R a3 */
    {-17, 2}, /* pst R b3 */
    {-21, 3}, /* pst R c3 */
    {-12, -12}, /* pst R d3 */
    {0, -15}, /* pst R e3 */
    {-4, -22}, /* pst R f3 */
    {28, -14}, /* pst R g3 */
    {11, -26}, /* pst R h3 */
    {-30, 11}, /* pst R a4 */
    {-13, 3}, /* pst R b4 */
    {-15, 9}, /* pst R c4 */
    {-16, 4}, /* pst R d4 */
    {-17, 3}, /* pst R e4 */
    {-15, -3}, /* pst R f4 */
    {3, -4}, /* pst R g4 */
    {-6, -22}, /* pst R h4 */
    {-1, 15}, /* pst R a5 */
    {-19, 9}, /* pst R b5 */
    {-3, 13}, /* pst R c5 */
    {10, -5}, /* pst R d5 */
    {17, -9}, /* pst R e5 */
    {31, -8}, /* pst R f5 */
    {32, 3}, /* pst R g5 */
    {29, 1}, /* pst R h5 */
    {-13, 23}, /* pst R a6 */
    {-7, 19}, /* pst R b6 */
    {-16, 20}, /* pst R c6 */
    {17, 8}, /* pst R d6 */
    {26, 2}, /* pst R e6 */
    {13, 1}, /* pst R f6 */
    {9, -4}, /* pst R g6 */
    {11, -4}, /* pst R h6 */
    {-12, -1}, /* pst R a7 */
    {-15, 11}, /* pst R b7 */
    {-1, 18}, /* pst R c7 */
    {9, 19}, /* pst R d7 */
    {19, 4}, /* pst R e7 */
    {44, 6}, /* pst R f7 */
    {-2, 7}, /* pst R g7 */
    {33, -8}, /* pst R h7 */
    {24, 5}, /* pst R a8 */
    {18, 18}, /* pst R b8 */
    {4, 25}, /* pst R c8 */
    {21, 12}, /* pst R d8 */
    {27, 20}, /* pst R e8 */
    {24, 15}, /* pst R f8 */
    {12, 17}, /* pst R g8 */
    {7, 22}, /* pst R h8 */
    {-19, -13}, /* pst Q a1 */
    {-13, -29}, /* pst Q b1 */
    {-9, -19}, /* pst Q c1 */
    {3, -11}, /* pst Q d1 */
    {12, -24}, /* pst Q e1 */
    {-13, -21}, /* pst Q f1 */
    {-17, -17}, /* pst Q g1 */
    {0, -22}, /* pst Q h1 */
    {-23, -14}, /* pst Q a2 */
    {-8, -21}, /* pst Q b2 */
    {5, -19}, /* pst Q c2 */
    {17, -38}, /* pst Q d2 */
    {13, -27}, /* pst Q e2 */
    {16, -24}, /* pst Q f2 */
    {17, -27}, /* pst Q g2 */
    {5, -5}, /* pst Q h2 */
    {-1, -24}, /* pst Q a3 */
    {2, -4}, /* pst Q b3 */
    {7, 18}, /* pst Q c3 */
    {-2, -6}, /* pst Q d3 */
    {1, 10}, /* pst Q e3 */
    {0, 19}, /* pst Q f3 */
    {18, 17}, /* pst Q g3 */
    {6, -6}, /* pst Q h3 */
    {-5, 6}, /* pst Q a4 */
    {-20, 10}, /* pst Q b4 */
    {-4, 14}, /* pst Q c4 */
    {-5, 50}, /* pst Q d4 */
    {0, 18}, /* pst Q e4 */
    {-3, 21}, /* pst Q f4 */
    {12, 17}, /* pst Q g4 */
    {15, 23}, /* pst Q h4 */
    {-12, -10}, /* pst Q a5 */
    {-16, 15}, /* pst Q b5 */
    {-1, -3}, /* pst Q c5 */
    {-18, 15}, /* pst Q d5 */
    {-22, 53}, /* pst Q e5 */
    {-14, 37}, /* pst Q f5 */
    {-6, 43}, /* pst Q g5 */
    {4, 21}, /* pst Q h5 */
    {3, -24}, /* pst Q a6 */
    {3, -8}, /* pst Q b6 */
    {-6, 5}, /* pst Q c6 */
    {8, 3}, /* pst Q d6 */
    {12, 30}, /* pst Q e6 */
    {39, 51}, /* pst Q f6 */
    {15, 15}, /* pst Q g6 */
    {39, 18}, /* pst Q h6 */
    {-15, -40}, /* pst Q a7 */
    {-21, -27}, /* pst Q b7 */
    {-20, 24}, /* pst Q c7 */
    {-6, 19}, /* pst Q d7 */
    {-21, 29}, /* pst Q e7 */
    {1, 36}, /* pst Q f7 */
    {-13, 11}, /* pst Q g7 */
    {28, -1}, /* pst Q h7 */
    {-12, -17}, /* pst Q a8 */
    {4, 0}, /* pst Q b8 */
    {4, -5}, /* pst Q c8 */
    {6, 5}, /* pst Q d8 */
    {29, 22}, /* pst Q e8 */
    {16, 3}, /* pst Q f8 */
    {-6, -15}, /* pst Q g8 */
    {-8, -29}, /* pst Q h8 */
    {13, -43}, /* pst K a1 */
    {48, -49}, /* pst K b1 */
    {45, -35}, /* pst K c1 */
    {-30, -13}, /* pst K d1 */
    {16, -44}, /* pst K e1 */
    {-42, -21}, /* pst K f1 */
    {16, -39}, /* pst K g1 */
    {17, -83}, /* pst K h1 */
    {-5, -24}, /* pst K a2 */
    {38, -40}, /* pst K b2 */
    {17, -20}, /* pst K c2 */
    {-20, -4}, /* pst K d2 */
    {-2, -11}, /* pst K e2 */
    {-5, -16}, /* pst K f2 */
    {24, -32}, /* pst K g2 */
    {14, -42}, /* pst K h2 */
    {-35, -30}, /* pst K a3 */
    {-7, -16}, /* pst K b3 */
    {-36, -5}, /* pst K c3 */
    {-57, 13}, /* pst K d3 */
    {-45, 3}, /* pst K e3 */
    {-33, -9}, /* pst K f3 */
    {-36, -14}, /* pst K g3 */
    {-69, -31}, /* pst K h3 */
    {-55, -40}, /* pst K a4 */
    {-40, 0}, /* pst K b4 */
    {-42, 21}, /* pst K c4 */
    {-75, 26}, /* pst K d4 */
    {-69, 16}, /* pst K e4 */
    {-63, 17}, /* pst K f4 */
    {-53, -1}, /* pst K g4 */
    {-56, -24}, /* pst K h4 */
    {-56, 1}, /* pst K a5 */
    {-34, 35}, /* pst K b5 */
    {-51, 41}, /* pst K c5 */
    {-77, 58}, /* pst K d5 */
    {-75, 47}, /* pst K e5 */
    {-72, 30}, /* pst K f5 */
    {-34, 20}, /* pst K g5 */
    {-65, -5}, /* pst K h5 */
    {-62, 24}, /* pst K a6 */
    {-46, 36}, /* pst K b6 */
    {-49, 54}, /* pst K c6 */
    {-80, 46}, /* pst K d6 */
    {-79, 36}, /* pst K e6 */
    {-59, 57}, /* pst K f6 */
    {-32, 42}, /* pst K g6 */
    {-57, 8}, /* pst K h6 */
    {-57, -4}, /* pst K a7 */
    {-46, 41}, /* pst K b7 */
    {-51, 25}, /* pst K c7 */
    {-77, 23}, /* pst K d7 */
    {-74, 28}, /* pst K e7 */
    {-72, 50}, /* pst K f7 */
    {-39, 51}, /* pst K g7 */
    {-57, 9}, /* pst K h7 */
    {-57, -47}, /* pst K a8 */
    {-48, -25}, /* pst K b8 */
    {-57, -17}, /* pst K c8 */
    {-78, 4}, /* pst K d8 */
    {-72, 16}, /* pst K e8 */
    {-77, -10}, /* pst K f8 */
    {-45, -33}, /* pst K g8 */
    {-58, -47}, /* pst K h8 */
    {-39, -39}, /* mobility N 0 */
    {-21, -23}, /* mobility N 1 */
    {-11, -2}, /* mobility N 2 */
    {-5, 1}, /* mobility N 3 */
    {2, 14}, /* mobility N 4 */
    {6, 28}, /* mobility N 5 */
    {12, 25}, /* mobility N 6 */
    {16, 22}, /* mobility N 7 */
    {17, 8}, /* mobility N 8 */
    {-42, -39}, /* mobility B 0 */
    {-33, -15}, /* mobility B 1 */
    {-21, -12}, /* mobility B 2 */
    {-12, -6}, /* mobility B 3 */
    {-7, 5}, /* mobility B 4 */
    {-2, 15}, /* mobility B 5 */
    {0, 21}, /* mobility B 6 */
    {1, 23}, /* mobility B 7 */
    {5, 26}, /* mobility B 8 */
    {8, 19}, /* mobility B 9 */
    {10, 12}, /* mobility B 10 */
    {43, 5}, /* mobility B 11 */
    {26, 29}, /* mobility B 12 */
    {45, 5}, /* mobility B 13 */
    {-21, -51}, /* mobility R 0 */
    {-8, -17}, /* mobility R 1 */
    {-8, -3}, /* mobility R 2 */
    {-2, -7}, /* mobility R 3 */
    {-4, 2}, /* mobility R 4 */
    {-1, 9}, /* mobility R 5 */
    {2, 12}, /* mobility R 6 */
    {0, 18}, /* mobility R 7 */
    {1, 21}, /* mobility R 8 */
    {1, 25}, /* mobility R 9 */
    {5, 27}, /* mobility R 10 */
    {-2, 33}, /* mobility R 11 */
    {6, 32}, /* mobility R 12 */
    {1, 33}, /* mobility R 13 */
    {4, 24}, /* mobility R 14 */
    {-18, -32}, /* mobility Q 0 */
    {-14, -33}, /* mobility Q 1 */
    {-22, -29}, /* mobility Q 2 */
    {-20, -34}, /* mobility Q 3 */
    {-17, -40}, /* mobility Q 4 */
    {-15, -40}, /* mobility Q 5 */
    {-13, -18}, /* mobility Q 6 */
    {-11, -3}, /* mobility Q 7 */
    {-10, 6}, /* mobility Q 8 */
    {-9, 4}, /* mobility Q 9 */
    {-7, 17}, /* mobility Q 10 */
    {-5, 14}, /* mobility Q 11 */
    {-6, 29}, /* mobility Q 12 */
    {-1, 22}, /* mobility Q 13 */
    {-9, 28}, /* mobility Q 14 */
    {-5, 40}, /* mobility Q 15 */
    {0, 22}, /* mobility Q 16 */
    {1, 30}, /* mobility Q 17 */
    {20, 12}, /* mobility Q 18 */
    {11, 18}, /* mobility Q 19 */
    {9, 17}, /* mobility Q 20 */
    {17, 18}, /* mobility Q 21 */
    {8, 6}, /* mobility Q 22 */
    {8, 11}, /* mobility Q 23 */
    {16, 20}, /* mobility Q 24 */
    {16, 25}, /* mobility Q 25 */
    {11, 23}, /* mobility Q 26 */
    {12, 26}, /* mobility Q 27 */
    {0, 0}, /* king attack 0 */
    {0, 0}, /* king attack 1 */
    {1, 0}, /* king attack 2 */
    {2, 0}, /* king attack 3 */
    {0, 0}, /* king attack 4 */
    {-5, 0}, /* king attack 5 */
    {13, 0}, /* king attack 6 */
    {5, 0}, /* king attack 7 */
    {16, 0}, /* king attack 8 */
    {11, 0}, /* king attack 9 */
    {32, 0}, /* king attack 10 */
    {21, 0}, /* king attack 11 */
    {12, 0}, /* king attack 12 */
    {32, 0}, /* king attack 13 */
    {27, 0}, /* king attack 14 */
    {67, 0}, /* king attack 15 */
    {42, 0}, /* king attack 16 */
    {39, 0}, /* king attack 17 */
    {56, 0}, /* king attack 18 */
    {63, 0}, /* king attack 19 */
    {96, 0}, /* king attack 20 */
    {81, 0}, /* king attack 21 */
    {62, 0}, /* king attack 22 */
    {98, 0}, /* king attack 23 */
    {86, 0}, /* king attack 24 */
    {123, 0}, /* king attack 25 */
    {116, 0}, /* king attack 26 */
    {124, 0}, /* king attack 27 */
    {146, 0}, /* king attack 28 */
    {143, 0}, /* king attack 29 */
    {204, 0}, /* king attack 30 */
    {185, 0}, /* king attack 31 */
    {211, 0}, /* king attack 32 */
    {232, 0}, /* king attack 33 */
    {259, 0}, /* king attack 34 */
    {309, 0}, /* king attack 35 */
    {323, 0}, /* king attack 36 */
    {336, 0}, /* king attack 37 */
    {360, 0}, /* king attack 38 */
    {366, 0}, /* king attack 39 */
    {0, 0}, /* king attack no queen 0 */
    {0, 0}, /* king attack no queen 1 */
    {0, 0}, /* king attack no queen 2 */
    {1, 0}, /* king attack no queen 3 */
    {6, 0}, /* king attack no queen 4 */
    {-17, 0}, /* king attack no queen 5 */
    {-2, 0}, /* king attack no queen 6 */
    {13, 0}, /* king attack no queen 7 */
    {4, 0}, /* king attack no queen 8 */
    {7, 0}, /* king attack no queen 9 */
    {9, 0}, /* king attack no queen 10 */
    {-11, 0}, /* king attack no queen 11 */
    {20, 0}, /* king attack no queen 12 */
    {-4, 0}, /* king attack no queen 13 */
    {12, 0}, /* king attack no queen 14 */
    {13, 0}, /* king attack no queen 15 */
    {-2, 0}, /* king attack no queen 16 */
    {29, 0}, /* king attack no queen 17 */
    {9, 0}, /* king attack no queen 18 */
    {44, 0}, /* king attack no queen 19 */
    {39, 0}, /* king attack no queen 20 */
    {42, 0}, /* king attack no queen 21 */
    {55, 0}, /* king attack no queen 22 */
    {61, 0}, /* king attack no queen 23 */
    {62, 0}, /* king attack no queen 24 */
    {77, 0}, /* king attack no queen 25 */
    {82, 0}, /* king attack no queen 26 */
    {94, 0}, /* king attack no queen 27 */
    {104, 0}, /* king attack no queen 28 */
    {105, 0}, /* king attack no queen 29 */
    {112, 0}, /* king attack no queen 30 */
    {120, 0}, /* king attack no queen 31 */
    {128, 0}, /* king attack no queen 32 */
    {136, 0}, /* king attack no queen 33 */
    {144, 0}, /* king attack no queen 34 */
    {152, 0}, /* king attack no queen 35 */
    {162, 0}, /* king attack no queen 36 */
    {171, 0}, /* king attack no queen 37 */
    {180, 0}, /* king attack no queen 38 */
    {190, 0}, /* king attack no queen 39 */
    {0, 0}, /* passed rank 1 */
    {-4, -3}, /* passed rank 2 */
    {-13, 1}, /* passed rank 3 */
    {-6, 18}, /* passed rank 4 */
    {26, 41}, /* passed rank 5 */
    {28, 90}, /* passed rank 6 */
    {72, 163}, /* passed rank 7 */
    {0, 0}, /* passed rank 8 */
    {0, 0}, /* supported rank 1 */
    {0, 0}, /* supported rank 2 */
    {19, 13}, /* supported rank 3 */
    {13, 9}, /* supported rank 4 */
    {20, 16}, /* supported rank 5 */
    {44, 32}, /* supported rank 6 */
    {51, 71}, /* supported rank 7 */
    {0, 0}, /* supported rank 8 */
    {0, 0}, /* phalanx rank 1 */
    {4, 0}, /* phalanx rank 2 */
    {9, 6}, /* phalanx rank 3 */
    {14, 8}, /* phalanx rank 4 */
    {21, 35}, /* phalanx rank 5 */
    {41, 69}, /* phalanx rank 6 */
    {7, 31}, /* phalanx rank 7 */
    {0, 0}, /* phalanx rank 8 */
    {27, 56}, /* bishop pair */
    {-13, -16}, /* doubled */
    {-9, -10}, /* isolated */
    {-10, -11}, /* backward */
    {-3, 14}, /* passed free */
    {1, -8}, /* passed king own */
    {-1, 11}, /* passed king their */
    {-2, 0}, /* passed blocked */
    {39, 10}, /* rook open */
    {18, 10}, /* rook semi */
    {-6, 32}, /* rook seventh */
    {32, 12}, /* outpost N */
    {44, -1}, /* outpost B */
    {60, 11}, /* threat pawn */
    {47, 20}, /* threat minor */
    {61, -3}, /* threat rook */
    {8, 28}, /* hanging */
    {18, -15}, /* shield1 */
    {8, -1}, /* shield2 */
    {-18, 15}, /* shield open */
    {-7, -9}, /* shield open2 */
    {40, 32}, /* tempo */
    {86, 3}, /* safe check N */
    {7, 42}, /* safe check B */
    {52, 14}, /* safe check R */
    {21, 40}, /* safe check Q */
    {-1, -10}, /* bishop pawns */
    {0, -24}, /* king pawn dist */
    {9, 15}, /* minor behind pawn */
    {3, -11}, /* passed stop attacked */
    {0, 0}, /* storm rank 1 */
    {16, 14}, /* storm rank 2 */
    {-17, 5}, /* storm rank 3 */
    {-2, -9}, /* storm rank 4 */
    {5, -7}, /* storm rank 5 */
    {12, -7}, /* storm rank 6 */
    {10, -4}, /* storm rank 7 */
    {0, 0}, /* storm rank 8 */
};
