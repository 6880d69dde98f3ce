fn main() {
    std::process::exit(boardsh::front::run());
}
